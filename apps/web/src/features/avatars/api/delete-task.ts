import { apiRoute } from '@avatar-factory/contracts';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/tasks/{id}: 204; stops the task and removes its files and public page. */
export function deleteTask(taskId: string): Promise<void> {
  return apiRequest(apiRoute('deleteTask', { taskId }));
}
