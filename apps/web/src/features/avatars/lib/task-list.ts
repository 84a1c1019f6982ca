import type { CreateAvatarResponse, TaskView, VoiceType } from '@avatar-factory/contracts';

/** A new task is shown at once as processing with progress 0, before the server is asked. */
export function optimisticTask(
  response: CreateAvatarResponse,
  fields: { voiceType: VoiceType; voiceModelId: string | null; enableLipsync: boolean },
  now = new Date(),
): TaskView {
  return {
    taskId: response.taskId,
    avatarName: response.avatarName,
    status: 'processing',
    progress: 0,
    currentStep: 'Queued',
    message: '',
    voice_type: fields.voiceType,
    voice_model_id: fields.voiceModelId,
    enable_lipsync: fields.enableLipsync,
    created_at: now.toISOString(),
    result: null,
  };
}

/** Puts a task first (newest first) unless it is already listed. */
export function prependTask(tasks: readonly TaskView[] | undefined, task: TaskView): TaskView[] {
  const rest = (tasks ?? []).filter((t) => t.taskId !== task.taskId);
  return [task, ...rest];
}

/** Merges the fields of a polled task into the list. */
export function mergeTask(tasks: readonly TaskView[] | undefined, update: Partial<TaskView> & { taskId: string }): TaskView[] {
  return (tasks ?? []).map((task) => (task.taskId === update.taskId ? { ...task, ...update } : task));
}

/** Newest first, by created_at (ISO strings sort by time). */
export function sortNewestFirst(tasks: readonly TaskView[]): TaskView[] {
  return [...tasks].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** The transition toast when a polled task leaves 'processing'. */
export function transitionToast(before: TaskView['status'], after: TaskView['status']): { kind: 'success' | 'error'; message: string } | null {
  if (before !== 'processing') return null;
  if (after === 'completed') return { kind: 'success', message: 'Avatar generation completed.' };
  if (after === 'failed') return { kind: 'error', message: 'Avatar generation failed.' };
  return null;
}
