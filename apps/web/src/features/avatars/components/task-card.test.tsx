// @vitest-environment happy-dom
import { taskViewSchema, type TaskView } from '@avatar-factory/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeStoredToken, storeToken } from '../../../lib/token-storage';
import { TaskCard } from './task-card';
import { openPageAt, startLocalServer, type LocalServer } from '../../../testing/local-server';

/** The page's own origin: a real server answering the portrait route, recording the auth header. */
let server: LocalServer;
const imageRequests: Array<{ url: string; authorization: string | undefined }> = [];
const png = Buffer.from('89504e470d0a1a0a', 'hex');

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    imageRequests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (req.url?.endsWith('/image')) return res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    res.writeHead(404).end();
  });
  openPageAt(`${server.origin}/avatar-factory/`);
  storeToken('tok-1');
});
afterAll(() => {
  removeStoredToken();
  return server.close();
});
afterEach(cleanup);

function task(overrides: Partial<TaskView>): TaskView {
  return taskViewSchema.parse({
    taskId: 't1', avatarName: 'Grace', status: 'processing', progress: 40, currentStep: 'Building rig', message: 'Building the face rig.',
    voice_type: 'female', voice_model_id: null, enable_lipsync: true, created_at: '2026-11-21T10:00:00.000Z', result: null,
    ...overrides,
  });
}

function renderCard(value: TaskView, onDeploy: (id: string) => void = () => undefined) {
  return render(
    <MemoryRouter>
      <TaskCard task={value} productName="Hibiki" onDeploy={onDeploy} selected={false} onSelect={() => undefined} />
    </MemoryRouter>,
  );
}

/** Lets the portrait request finish so unmounting does not abort it mid-flight. */
const portraitShown = () => waitFor(() => expect(screen.getByTestId('avatar-image').getAttribute('src')).toMatch(/^blob:/));

describe('TaskCard', () => {
  it('shows a processing task: badge, step, message, progress and the edit link', () => {
    renderCard(task({}));
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByText('Building rig')).toBeTruthy();
    expect(screen.getByText('Building the face rig.')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/avatars/t1/edit');
    expect(screen.queryByRole('button', { name: /Deploy/ })).toBeNull();
    expect(screen.queryByTestId('avatar-image')).toBeNull();
  });

  it('loads the portrait with the bearer token into an object URL once the avatar exists', async () => {
    imageRequests.length = 0;
    renderCard(task({ status: 'completed', progress: 100, result: { message: 'ok', preview_url: null, deploy_status: 'ready' } }));
    await portraitShown();
    expect(imageRequests).toEqual([{ url: '/api/avatars/t1/image', authorization: 'Bearer tok-1' }]);
  });

  it('offers deploy for a completed, ready task and calls back with its id', async () => {
    const deployed: string[] = [];
    renderCard(task({ status: 'completed', progress: 100, result: { message: 'ok', preview_url: null, deploy_status: 'ready' } }), (id) => deployed.push(id));
    await portraitShown();
    expect(screen.getByText('Completed').closest('[data-tone]')?.getAttribute('data-tone')).toBe('success');
    await userEvent.click(screen.getByRole('button', { name: 'Deploy to Hibiki Web Avatar' }));
    expect(deployed).toEqual(['t1']);
  });

  it('shows a disabled Deploying... button while deploying', async () => {
    renderCard(task({ status: 'completed', progress: 100, result: { message: 'ok', preview_url: null, deploy_status: 'deploying' } }));
    await portraitShown();
    expect((screen.getByRole('button', { name: /Deploying\.\.\./ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the deployed state with View Avatar opening the public page in a new tab', async () => {
    renderCard(task({ status: 'completed', progress: 100, result: { message: 'ok', preview_url: 'http://x/avatar-factory/w/abc', deploy_status: 'deployed' } }));
    await portraitShown();
    expect(screen.getByText('Deployed to Hibiki Web Avatar')).toBeTruthy();
    const link = screen.getByRole('link', { name: /View Avatar/ });
    expect(link.getAttribute('href')).toBe('http://x/avatar-factory/w/abc');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('paints the failed-with-result badge yellow as Warning', async () => {
    renderCard(task({ status: 'failed', progress: 90, result: { message: 'voice failed', preview_url: null, deploy_status: 'ready' } }));
    await portraitShown();
    expect(screen.getByText('Warning').closest('[data-tone]')?.className).toContain('yellow');
    expect(screen.queryByRole('button', { name: /Deploy/ })).toBeNull();
  });
});
