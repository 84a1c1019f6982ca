import { apiRoute, taskViewSchema, type DeployConsent, type TaskView } from '@avatar-factory/contracts';
import { apiRequest } from '../../../lib/api-client';

export type DeployTaskInput = { taskId: string; consent?: DeployConsent };

/**
 * POST /api/tasks/{id}/deploy: 202 with the task in deploy_status 'deploying'. The owner's
 * confirmation travels as the call's optional JSON body.
 */
export function deployTask({ taskId, consent }: DeployTaskInput): Promise<TaskView> {
  return apiRequest(apiRoute('deployTask', { taskId }), {
    body: consent ? { kind: 'json', value: { consent } } : undefined,
    schema: taskViewSchema,
  });
}
