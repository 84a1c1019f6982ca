import type { CreateAvatarResponse, Task, VoiceType } from '@avatar-factory/contracts';

/** Spec §4: a new task is shown at once as processing with progress 0, before the server is asked. */
export function optimisticTask(
  response: CreateAvatarResponse,
  fields: { voiceType: VoiceType; voiceModelId: string | null; enableLipsync: boolean },
  now = new Date(),
): Task {
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
export function prependTask(tasks: readonly Task[] | undefined, task: Task): Task[] {
  const rest = (tasks ?? []).filter((t) => t.taskId !== task.taskId);
  return [task, ...rest];
}

/** Merges the fields of a polled task into the list (spec §4 'merges the returned fields'). */
export function mergeTask(tasks: readonly Task[] | undefined, update: Partial<Task> & { taskId: string }): Task[] {
  return (tasks ?? []).map((task) => (task.taskId === update.taskId ? { ...task, ...update } : task));
}

/** Newest first, by created_at (ISO strings sort by time). */
export function sortNewestFirst(tasks: readonly Task[]): Task[] {
  return [...tasks].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** The transition toast when a polled task leaves 'processing' (spec §4). */
export function transitionToast(before: Task['status'], after: Task['status']): { kind: 'success' | 'error'; message: string } | null {
  if (before !== 'processing') return null;
  if (after === 'completed') return { kind: 'success', message: 'Avatar generation completed.' };
  if (after === 'failed') return { kind: 'error', message: 'Avatar generation failed.' };
  return null;
}
