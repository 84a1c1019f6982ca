import { taskSchema, type Task } from '@avatar-factory/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tasks/{id}: one task's current fields (the progress check of spec §4). */
export function getTask(taskId: string, signal?: AbortSignal): Promise<Task> {
  return apiRequest(`/tasks/${encodeURIComponent(taskId)}`, { schema: taskSchema, signal });
}
