import { apiRoute, taskViewSchema, type TaskView } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One task's cache entry, under the list's key so invalidating the list refreshes it too. */
export const taskQueryKey = (taskId: string) => ['tasks', taskId] as const;

/** GET /api/tasks/{id}: one task's current fields (the progress check). */
export function getTask(taskId: string, signal?: AbortSignal): Promise<TaskView> {
  return apiRequest(apiRoute('getTask', { taskId }), { schema: taskViewSchema, signal });
}

/** One task by id (the avatar's id: they are the same), for the edit screen's lip sync and badge. */
export function useTask(taskId: string) {
  return useQuery({ queryKey: taskQueryKey(taskId), queryFn: ({ signal }) => getTask(taskId, signal) });
}
