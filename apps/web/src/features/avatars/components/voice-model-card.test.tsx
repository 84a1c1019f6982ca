// @vitest-environment happy-dom
import { voiceModelSchema, type VoiceModel } from '@avatar-factory/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readyModels } from '../api/get-voice-models';
import { VoiceModelCard } from './voice-model-card';
import { openPageAt, startLocalServer, type LocalServer } from '../../../testing/local-server';

/** The page's origin: a real server for POST /api/avatars/{id}/voice-model (model 'm-busy' is not ready). */
let server: LocalServer;
const posted: Array<{ url: string; body: string }> = [];

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      posted.push({ url: req.url ?? '', body });
      const { voice_model_id } = JSON.parse(body || '{}') as { voice_model_id?: string };
      res.setHeader('Content-Type', 'application/json');
      if (voice_model_id === 'm-busy') {
        res.writeHead(409).end(JSON.stringify({ detail: { code: 'voice_model_not_ready', message: 'Not ready' } }));
        return;
      }
      res.writeHead(200).end(JSON.stringify({ voice_model_id, voice_type: 'custom' }));
    });
  });
  openPageAt(`${server.origin}/`);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  toast.dismiss();
  posted.length = 0;
});

function model(id: string, name: string, status: VoiceModel['status']): VoiceModel {
  return voiceModelSchema.parse({
    id, name, status, is_public: false, created_at: '2026-11-21T10:00:00Z',
    metadata: { sentence_count: 10, quality_score: 0.83, language: 'ja', error: null },
  });
}

const all = [model('m-new', 'Training one', 'training'), model('m1', 'My voice', 'ready'), model('m-busy', 'Other voice', 'ready'), model('m-f', 'Broken', 'failed')];
const titles = () => toast.getHistory().map((t) => ('title' in t ? t.title : undefined));

function renderCard(models: VoiceModel[], current: { modelId: string | null; voiceType: string } = { modelId: null, voiceType: 'female' }) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <VoiceModelCard avatarId="a1" readyModels={models} loading={false} currentModelId={current.modelId} currentVoiceType={current.voiceType} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('VoiceModelCard', () => {
  it('offers only ready models and applies the chosen one', async () => {
    renderCard(readyModels(all));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['My voice (83%)', 'Other voice (83%)']);
    expect(screen.getByText('Default female voice')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Apply Voice Model' }));
    await waitFor(() => expect(titles()).toContain('Voice model applied successfully'));
    expect(posted).toEqual([{ url: '/api/avatars/a1/voice-model', body: JSON.stringify({ voice_model_id: 'm1' }) }]);
  });

  it('says so when the server refuses the model', async () => {
    renderCard(readyModels(all));
    await userEvent.selectOptions(screen.getByLabelText('Voice model'), 'm-busy');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Voice Model' }));
    await waitFor(() => expect(titles()).toContain('Failed to apply voice model'));
  });

  it('an avatar that already speaks with a model is updated to another one', async () => {
    renderCard(readyModels(all), { modelId: 'm1', voiceType: 'custom' });
    expect(screen.getByTestId('current-voice').textContent).toBe('My voice');
    expect(screen.queryByRole('button', { name: 'Apply Voice Model' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Voice model'), 'm-busy');
    await userEvent.click(screen.getByRole('button', { name: 'Update Voice Model' }));
    await waitFor(() => expect(titles()).toContain('Failed to update voice model'));
    toast.dismiss();
    await userEvent.selectOptions(screen.getByLabelText('Voice model'), 'm1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Voice Model' }));
    await waitFor(() => expect(titles()).toContain('Voice model updated successfully'));
    expect(posted.at(-1)).toEqual({ url: '/api/avatars/a1/voice-model', body: JSON.stringify({ voice_model_id: 'm1' }) });
  });

  it('shows the empty text without ready models', () => {
    renderCard(readyModels([model('m-new', 'Training one', 'training')]));
    expect(screen.getByText('No voice models available. Create a new voice model first.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create New Voice Model' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply Voice Model' })).toBeNull();
  });
});
