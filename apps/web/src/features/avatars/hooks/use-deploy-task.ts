import type { TaskView } from '@avatar-factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../../lib/toast';
import { deployTask } from '../api/deploy-task';
import { tasksQueryKey } from '../api/get-tasks';
import { mergeTask } from '../lib/task-list';

function withDeployStatus(task: TaskView | undefined, status: 'ready' | 'deploying'): Partial<TaskView> {
  return task?.result ? { result: { ...task.result, deploy_status: status } } : {};
}

/**
 * 'Deploy': ready -> deploying at once; the 202 answer is merged and the polling hook
 * follows it to 'deployed'. A failed call shows 'Failed to deploy avatar' and returns to ready.
 */
export function useDeployTask() {
  const queryClient = useQueryClient();
  const find = (taskId: string) => queryClient.getQueryData<TaskView[]>(tasksQueryKey)?.find((t) => t.taskId === taskId);
  return useMutation({
    mutationFn: deployTask,
    onMutate: ({ taskId }) => {
      queryClient.setQueryData<TaskView[]>(tasksQueryKey, (list) => mergeTask(list, { taskId, ...withDeployStatus(find(taskId), 'deploying') }));
    },
    onSuccess: (task) => queryClient.setQueryData<TaskView[]>(tasksQueryKey, (list) => mergeTask(list, task)),
    onError: (_error, { taskId }) => {
      toastError('Failed to deploy avatar');
      queryClient.setQueryData<TaskView[]>(tasksQueryKey, (list) => mergeTask(list, { taskId, ...withDeployStatus(find(taskId), 'ready') }));
    },
  });
}
