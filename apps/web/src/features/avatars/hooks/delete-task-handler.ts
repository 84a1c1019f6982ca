import type { TaskView } from '@avatar-factory/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { toastError, toastSuccess } from '../../../lib/toast';
import { deleteTask } from '../api/delete-task';
import { tasksQueryKey } from '../api/get-tasks';

export const deleteTaskConfirmation = 'Are you sure you want to delete this task?';

export type DeleteTaskDeps = {
  queryClient: QueryClient;
  /** Asks the person; window.confirm by default. */
  confirm?: (message: string) => boolean;
  /** The DELETE call; the real API by default. */
  remove?: (taskId: string) => Promise<void>;
};

/**
 * The delete handler exists but no control calls it (kept as the spec describes it).
 * Confirms, deletes, drops the task from the list and toasts; returns whether it was deleted.
 */
export async function handleDeleteTask(taskId: string, deps: DeleteTaskDeps): Promise<boolean> {
  const confirm = deps.confirm ?? ((message: string) => window.confirm(message));
  if (!confirm(deleteTaskConfirmation)) return false;
  try {
    await (deps.remove ?? deleteTask)(taskId);
  } catch {
    toastError('Failed to delete task.');
    return false;
  }
  deps.queryClient.setQueryData<TaskView[]>(tasksQueryKey, (list) => (list ?? []).filter((task) => task.taskId !== taskId));
  toastSuccess(`Task ${taskId} has been deleted`);
  return true;
}
