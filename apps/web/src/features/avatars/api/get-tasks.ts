import { apiRoute, taskViewListSchema, type TaskView } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const tasksQueryKey = ['tasks'] as const;

/** GET /api/tasks: the caller's tasks, newest first. */
export function getTasks(signal?: AbortSignal): Promise<TaskView[]> {
  return apiRequest(apiRoute('listTasks'), { schema: taskViewListSchema, signal });
}

export function useTasks() {
  return useQuery({ queryKey: tasksQueryKey, queryFn: ({ signal }) => getTasks(signal) });
}
