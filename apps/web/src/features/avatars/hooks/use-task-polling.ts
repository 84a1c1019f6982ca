import { taskPollIntervalMs, type TaskView } from '@avatar-factory/contracts';
import { hashKey, useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-error';
import { toastError, toastSuccess } from '../../../lib/toast';
import { getTask, taskQueryKey } from '../api/get-task';
import { tasksQueryKey } from '../api/get-tasks';
import { mergeTask, transitionToast } from '../lib/task-list';

/** A task the page keeps checking: generation still running, or a deploy under way. */
export function needsPolling(task: TaskView): boolean {
  return task.status === 'processing' || task.result?.deploy_status === 'deploying';
}

/** The toasts for one task going from `before` to `fresh`: the generation outcome and the deploy outcome. */
function announce(before: TaskView, fresh: TaskView): void {
  const note = transitionToast(before.status, fresh.status);
  if (note?.kind === 'success') toastSuccess(note.message);
  if (note?.kind === 'error') toastError(note.message);
  if (before.result?.deploy_status === 'deploying') {
    if (fresh.result?.deploy_status === 'deployed') toastSuccess('Avatar deployed successfully');
    else if (fresh.result?.deploy_status === 'ready') toastError('Failed to deploy avatar');
  }
}

/**
 * Every processing task is checked every 5000 ms via GET /api/tasks/{id} (one TanStack query per
 * task, `refetchInterval`) and each answer merged into the list; leaving 'processing' toasts the
 * outcome. Deploying tasks are checked the same way until the job sets 'deployed' (success toast)
 * or puts them back to 'ready' (error toast). The list's copy is seeded as the first answer, so the
 * first check is one interval after the task appears.
 */
export function useTaskPolling(tasks: readonly TaskView[] | undefined): void {
  const queryClient = useQueryClient();
  const polled = (tasks ?? []).filter(needsPolling);
  const checks = useQueries({
    queries: polled.map((task) => ({
      // Its own entry, dropped as soon as polling stops (gcTime 0): an answer cached by an earlier
      // round (say, before a deploy began) must not pass for a fresh one when polling resumes.
      queryKey: [...taskQueryKey(task.taskId), 'check'] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => getTask(task.taskId, signal),
      initialData: task,
      initialDataUpdatedAt: () => Date.now(),
      staleTime: taskPollIntervalMs,
      gcTime: 0,
      refetchInterval: taskPollIntervalMs,
      // A failed check is simply tried again at the next tick.
      retry: false,
    })),
  });

  const answers = checks.map((check) => check.data);
  const deleted = new Set(
    checks.flatMap((check, index) => (check.error instanceof ApiError && check.error.status === 404 ? [polled[index]!.taskId] : [])),
  );

  // Runs after every render rather than on a dependency list, because the number of polled tasks
  // changes; it is idempotent: once the list holds an answer, nothing changes and nothing is announced.
  useEffect(() => {
    for (const fresh of answers) {
      if (!fresh) continue;
      const before = queryClient.getQueryData<TaskView[]>(tasksQueryKey)?.find((t) => t.taskId === fresh.taskId);
      if (!before || !differs(before, fresh)) continue;
      queryClient.setQueryData<TaskView[]>(tasksQueryKey, (list) => mergeTask(list, fresh));
      announce(before, fresh);
    }
    // Deleted meanwhile (e.g. in another tab): stop showing it.
    if (deleted.size > 0) queryClient.setQueryData<TaskView[]>(tasksQueryKey, (list) => (list ?? []).filter((t) => !deleted.has(t.taskId)));
  });
}

/** Whether merging `fresh` changes the list's copy (TanStack's hashKey: key order does not matter). */
function differs(before: TaskView, fresh: TaskView): boolean {
  return hashKey([{ ...before, ...fresh }]) !== hashKey([before]);
}
