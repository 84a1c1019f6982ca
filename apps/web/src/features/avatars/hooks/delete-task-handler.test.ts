// @vitest-environment happy-dom
import { apiRoute, type TaskView } from '@avatar-factory/contracts';
import { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { tasksQueryKey } from '../api/get-tasks';
import { deleteTaskConfirmation, handleDeleteTask } from './delete-task-handler';
import { startLocalServer, type LocalServer } from '../../../testing/local-server';

/** A real HTTP server: DELETE /api/tasks/keep-me fails with 500, any other id answers 204. */
let server: LocalServer;
let baseUrl: string;
const deleted: string[] = [];

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'DELETE');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Accept');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const id = decodeURIComponent((req.url ?? '').replace('/api/tasks/', ''));
    if (req.method === 'DELETE' && id === 'keep-me') return res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"detail":"boom"}');
    deleted.push(id);
    res.writeHead(204).end();
  });
  baseUrl = `${server.origin}/api`;
});
afterAll(() => server.close());
beforeEach(() => {
  deleted.length = 0;
  toast.dismiss();
});

const remove = (taskId: string) => apiRequest(apiRoute('deleteTask', { taskId }), { baseUrl });
const task = (taskId: string) => ({ taskId, avatarName: taskId }) as TaskView;
const messages = () => toast.getHistory().map((t) => ('title' in t ? t.title : undefined));

function clientWith(ids: string[]): QueryClient {
  const client = new QueryClient();
  client.setQueryData<TaskView[]>(tasksQueryKey, ids.map(task));
  return client;
}

describe('handleDeleteTask', () => {
  it('asks first and does nothing when the person declines', async () => {
    const asked: string[] = [];
    const client = clientWith(['a1']);
    const done = await handleDeleteTask('a1', { queryClient: client, remove, confirm: (m) => (asked.push(m), false) });
    expect(done).toBe(false);
    expect(asked).toEqual(['Are you sure you want to delete this task?']);
    expect(deleteTaskConfirmation).toBe(asked[0]);
    expect(deleted).toEqual([]);
    expect(client.getQueryData<TaskView[]>(tasksQueryKey)).toHaveLength(1);
  });

  it('deletes, drops the task from the list and says so', async () => {
    const client = clientWith(['a1', 'b2']);
    expect(await handleDeleteTask('a1', { queryClient: client, remove, confirm: () => true })).toBe(true);
    expect(deleted).toEqual(['a1']);
    expect(client.getQueryData<TaskView[]>(tasksQueryKey)?.map((t) => t.taskId)).toEqual(['b2']);
    expect(messages()).toContain('Task a1 has been deleted');
  });

  it('keeps the task and shows the error toast when the call fails', async () => {
    const client = clientWith(['keep-me']);
    expect(await handleDeleteTask('keep-me', { queryClient: client, remove, confirm: () => true })).toBe(false);
    expect(client.getQueryData<TaskView[]>(tasksQueryKey)).toHaveLength(1);
    expect(messages()).toContain('Failed to delete task.');
  });
});
