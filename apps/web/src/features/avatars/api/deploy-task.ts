import { taskSchema, type Task } from '@avatar-factory/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/tasks/{id}/deploy: 202 with the task in deploy_status 'deploying'. */
export function deployTask(taskId: string): Promise<Task> {
  return apiRequest(`/tasks/${encodeURIComponent(taskId)}/deploy`, { method: 'POST', schema: taskSchema });
}
