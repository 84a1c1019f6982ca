// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { removeStoredToken, storeToken } from '../../../lib/token-storage';
import { openPageAt, startLocalServer, type LocalServer } from '../../../testing/local-server';
import { TaskGrid } from '../components/task-grid';
import { getTasks } from './get-tasks';

const row = (taskId: string, avatarName: string, status: string, extra: Record<string, unknown> = {}) => ({
  taskId, avatarName, status, progress: 100, currentStep: 'Done', message: '', voice_type: 'female', voice_model_id: null,
  enable_lipsync: true, created_at: '2026-11-21T10:00:00.000Z', result: null, ...extra,
});

/** The list as a newer or odd server could send it: one unknown status, one unknown deploy state, one unreadable row. */
const answer = [
  row('t1', 'Grace', 'completed', { result: { message: 'ok', preview_url: null, deploy_status: 'ready' } }),
  row('t2', 'Ada', 'queued'),
  row('t3', 'Hopper', 'completed', { voice_type: 'robot', result: { message: 'ok', preview_url: null, deploy_status: 'archived' } }),
  { taskId: 't4' },
];

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    if (req.url === '/api/tasks') return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    if (req.url?.endsWith('/image')) return res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"detail":"Not Found"}');
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

describe('the task list, read row by row (one unexpected value must not fail the whole list)', () => {
  it('shows an unknown status as Idle, keeps a row with an unknown deploy state, and leaves out only the unreadable row', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tasks = await getTasks();
    expect(tasks.map((task) => [task.taskId, task.status])).toEqual([['t1', 'completed'], ['t2', 'idle'], ['t3', 'completed']]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();

    render(
      <MemoryRouter>
        <TaskGrid tasks={tasks} loading={false} productName="Hibiki" onDeploy={() => undefined} selectedId={null} onSelect={() => undefined} />
      </MemoryRouter>,
    );
    const cards = within(screen.getByTestId('task-grid')).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[1]!).getByText('Idle')).toBeTruthy();
    expect(within(cards[0]!).getByRole('button', { name: 'Deploy to Hibiki Web Avatar' })).toBeTruthy();
    // A deploy state the client does not know offers no deploy control rather than a wrong one.
    expect(within(cards[2]!).getByText('Completed')).toBeTruthy();
    expect(within(cards[2]!).queryByRole('button', { name: /Deploy/ })).toBeNull();
    expect(screen.queryByText('No avatars yet')).toBeNull();
  });
});
