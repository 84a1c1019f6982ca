import type { TaskView } from '@avatar-factory/contracts';

export type BadgeTone = 'success' | 'warning' | 'info' | 'error' | 'neutral';
export type TaskBadge = { label: 'Completed' | 'Warning' | 'Processing' | 'Failed' | 'Idle'; tone: BadgeTone };

/** 'idle' is the fallback for any status value the client does not know. */
export type DisplayStatus = 'processing' | 'completed' | 'failed' | 'idle';

export function displayStatus(status: string): DisplayStatus {
  return status === 'processing' || status === 'completed' || status === 'failed' ? status : 'idle';
}

/** Badge rules of a task card. */
export function taskBadge(task: { status: string; result: TaskView['result'] | undefined }): TaskBadge {
  const status = displayStatus(task.status);
  const hasResult = task.result !== null && task.result !== undefined;
  if (status === 'completed' && hasResult) return { label: 'Completed', tone: 'success' };
  if (status === 'failed' && hasResult) return { label: 'Warning', tone: 'warning' };
  if (status === 'processing') return { label: 'Processing', tone: 'info' };
  if (status === 'failed') return { label: 'Failed', tone: 'error' };
  return { label: 'Idle', tone: 'neutral' };
}

/** Deploy area: which of the three states (or none) a card shows. */
export type DeployView = 'deploy' | 'deploying' | 'deployed' | 'none';

export function deployView(task: Pick<TaskView, 'status' | 'result'>): DeployView {
  const deploy = task.result?.deploy_status;
  if (deploy === 'deploying') return 'deploying';
  if (deploy === 'deployed') return 'deployed';
  if (task.status === 'completed' && deploy === 'ready') return 'deploy';
  return 'none';
}

/** The edit screen's status badge: an avatar answer carries the status but no result. */
export function avatarStatusBadge(status: string): TaskBadge {
  const shown = displayStatus(status);
  if (shown === 'completed') return { label: 'Completed', tone: 'success' };
  if (shown === 'processing') return { label: 'Processing', tone: 'info' };
  if (shown === 'failed') return { label: 'Failed', tone: 'error' };
  return { label: 'Idle', tone: 'neutral' };
}
