import { taskPollIntervalMs, type TaskView } from '@avatar-factory/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-error';
import { toastError, toastSuccess } from '../../../lib/toast';
import { getTask } from '../api/get-task';
import { tasksQueryKey } from '../api/get-tasks';
import { mergeTask, transitionToast } from '../lib/task-list';

/** A task the page keeps checking: generation still running, or a deploy under way. */
export function needsPolling(task: TaskView): boolean {
  return task.status === 'processing' || task.result?.deploy_status === 'deploying';
}

/**
 * Every processing task is checked every 5000 ms via GET /api/tasks/{id} and the answer
 * merged into the list; leaving 'processing' toasts the outcome. Deploying tasks are checked the
 * same way until the job sets 'deployed' (success toast) or puts them back to 'ready' (error toast).
 */
export function useTaskPolling(tasks: readonly TaskView[] | undefined): void {
  const queryClient = useQueryClient();
  const pollIds = (tasks ?? []).filter(needsPolling).map((task) => task.taskId);
  const key = pollIds.join(',');
  const inFlight = useRef(false);

  useEffect(() => {
    if (key === '') return;
    const ids = key.split(',');
    const check = async () => {
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        await Promise.all(
          ids.map(async (taskId) => {
            let fresh: TaskView;
            try {
              fresh = await getTask(taskId);
            } catch (error) {
              // Deleted meanwhile (e.g. in another tab): stop showing it. Anything else: retry next tick.
              if (error instanceof ApiError && error.status === 404) {
                queryClient.setQueryData<TaskView[]>(tasksQueryKey, (list) => (list ?? []).filter((t) => t.taskId !== taskId));
              }
              return;
            }
            const before = queryClient.getQueryData<TaskView[]>(tasksQueryKey)?.find((t) => t.taskId === taskId);
            queryClient.setQueryData<TaskView[]>(tasksQueryKey, (list) => mergeTask(list, fresh));
            if (!before) return;
            const note = transitionToast(before.status, fresh.status);
            if (note?.kind === 'success') toastSuccess(note.message);
            if (note?.kind === 'error') toastError(note.message);
            if (before.result?.deploy_status === 'deploying') {
              if (fresh.result?.deploy_status === 'deployed') toastSuccess('Avatar deployed successfully');
              else if (fresh.result?.deploy_status === 'ready') toastError('Failed to deploy avatar');
            }
          }),
        );
      } finally {
        inFlight.current = false;
      }
    };
    const timer = setInterval(() => void check(), taskPollIntervalMs);
    return () => clearInterval(timer);
  }, [key, queryClient]);
}
