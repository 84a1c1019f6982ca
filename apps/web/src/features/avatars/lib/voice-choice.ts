import type { VoiceModel, VoiceType } from '@avatar-factory/contracts';

export type VoiceChoice = { voiceType: VoiceType; voiceModelId: string | null };

export const defaultVoiceChoice: VoiceChoice = { voiceType: 'female', voiceModelId: null };

export const noCustomModelsMessage = 'No custom voice models available. Please create one.';

/**
 * 'Voice choice': a default voice clears the model; custom takes the first ready model, and
 * with none the choice stays as it was and the caller shows `noCustomModelsMessage`.
 */
export function chooseVoice(
  current: VoiceChoice,
  next: VoiceType,
  readyModels: readonly Pick<VoiceModel, 'id'>[],
): { choice: VoiceChoice; error: string | null } {
  if (next !== 'custom') return { choice: { voiceType: next, voiceModelId: null }, error: null };
  const first = readyModels[0];
  if (!first) return { choice: current, error: noCustomModelsMessage };
  const keep = current.voiceType === 'custom' && readyModels.some((m) => m.id === current.voiceModelId);
  return { choice: { voiceType: 'custom', voiceModelId: keep ? current.voiceModelId : first.id }, error: null };
}
