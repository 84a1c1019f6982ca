import type { TaskView } from '@avatar-factory/contracts';

/** Whether the owner's confirmation must cover the voice too: the avatar speaks with a personal voice model. */
export function consentCoversVoice(task: Pick<TaskView, 'voice_type'>): boolean {
  return task.voice_type === 'custom';
}

/**
 * Whether Deploy asks for the owner's confirmation first: always before the first
 * deploy; again only when nothing is stored (a deploy made by an API client without one) or what
 * is stored does not cover the personal voice the avatar speaks with now.
 */
export function needsDeployConsent(task: Pick<TaskView, 'voice_type' | 'result'>): boolean {
  const stored = task.result?.deploy_consent;
  if (!stored) return true;
  return consentCoversVoice(task) && !stored.voice;
}
