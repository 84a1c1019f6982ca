import { taskViewSchema, type TaskView } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tasks/{id}: one task's current fields (the progress check). */
export function getTask(taskId: string, signal?: AbortSignal): Promise<TaskView> {
  return apiRequest(`/tasks/${encodeURIComponent(taskId)}`, { schema: taskViewSchema, signal });
}

/** One task by id (the avatar's id: they are the same), for the edit screen's lip sync and badge. */
export function useTask(taskId: string) {
  return useQuery({ queryKey: ['tasks', taskId] as const, queryFn: ({ signal }) => getTask(taskId, signal) });
}
