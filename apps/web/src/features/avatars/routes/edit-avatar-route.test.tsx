// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { AppRoutes } from '../../../app/router';
import { removeStoredToken, storeToken } from '../../../lib/token-storage';
import { openPageAt, startLocalServer, type LocalServer } from '../../../testing/local-server';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const task = (id: string, fields: Record<string, unknown>) => ({
  taskId: id, avatarName: id, progress: 100, currentStep: 'Done', message: '', voice_type: 'female', voice_model_id: null,
  created_at: '2026-11-21T10:00:00.000Z', ...fields,
});
/** Two avatars as the server reports them: one made with lip sync off, one made with a warning. */
const tasks: Record<string, Record<string, unknown>> = {
  quiet: task('quiet', { status: 'completed', enable_lipsync: false, result: { message: 'Avatar generated successfully', preview_url: null, deploy_status: 'ready' } }),
  warned: task('warned', {
    status: 'failed', enable_lipsync: true, message: 'The avatar was made, but its voice could not be prepared: no voice',
    result: { message: 'Avatar created without its greeting', preview_url: null, deploy_status: 'ready' },
  }),
};

let server: LocalServer;
const requested: string[] = [];
beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const url = req.url ?? '';
    requested.push(url);
    const json = (body: unknown) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (url === '/api/users/me') return json({ id: 'u1', email: 'ada@example.com', created_at: '2026-11-21T10:00:00.000Z' });
    if (url === '/api/voice-models') return json([]);
    let m = /^\/api\/avatars\/(\w+)$/.exec(url);
    if (m && tasks[m[1]!]) {
      const t = tasks[m[1]!]!;
      return json({ avatarId: t.taskId, avatarName: t.avatarName, previewUrl: null, status: t.status, created_at: t.created_at });
    }
    m = /^\/api\/tasks\/(\w+)$/.exec(url);
    if (m && tasks[m[1]!]) return json(tasks[m[1]!]);
    if (/^\/api\/avatars\/\w+\/voice-model$/.test(url)) return json({ voice_model_id: null, voice_type: 'female' });
    if (/^\/api\/avatars\/\w+\/image$/.test(url)) return res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"detail":"Not Found"}');
  });
  openPageAt(`${server.origin}/avatar-factory/`);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  removeStoredToken();
});

function renderAt(path: string) {
  storeToken('tok-1');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider onLoggedOut={() => undefined}>
        <AppRoutes />
      </AppProvider>
    </MemoryRouter>,
  );
}

describe('the edit screen tells the truth', () => {
  it("plays the live preview with the avatar's own lip-sync setting", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the scripted server has no rig
    renderAt('/avatars/quiet/edit');
    await screen.findByRole('heading', { name: 'Edit Avatar: quiet' });
    const stage = await waitFor(() => {
      const found = document.querySelector('[data-lipsync]');
      if (!found) throw new Error('no live avatar yet');
      return found;
    });
    expect(stage.getAttribute('data-lipsync')).toBe('false');
    expect(screen.getByText('Completed', { exact: true })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it("shows a 'Warning' avatar's portrait and the grid's Warning badge, not 'Failed' and 'not ready'", async () => {
    renderAt('/avatars/warned/edit');
    await screen.findByRole('heading', { name: 'Edit Avatar: warned' });
    const portrait = await screen.findByRole('img', { name: 'warned avatar' });
    await waitFor(() => expect(portrait.getAttribute('src')).toMatch(/^blob:/));
    expect(requested).toContain('/api/avatars/warned/image');
    expect(screen.getByText('Warning', { exact: true })).toBeTruthy();
    expect(screen.queryByText('Failed', { exact: true })).toBeNull();
    expect(screen.queryByText('The avatar is not ready yet.')).toBeNull();
    expect(screen.getByText(/its voice could not be prepared/)).toBeTruthy();
  });
});
