import type { VoiceModel, VoiceModelStatus } from '@avatar-factory/contracts';

export type TrainingNotice = { modelId: string; tone: 'success' | 'error'; message: string };

/**
 * What to tell the user when models leave 'training' between two looks at the list. The model
 * open in the session gets 'Voice model training completed!'; one finishing in the background
 * gets 'Voice training completed successfully'. A cancel the user asked for
 * ends as failed too, but is not reported as a failed training.
 */
export function trainingNotices(
  before: ReadonlyMap<string, VoiceModelStatus>,
  models: readonly VoiceModel[],
  selectedId: string | null,
  cancelledIds: ReadonlySet<string>,
): TrainingNotice[] {
  const notices: TrainingNotice[] = [];
  for (const model of models) {
    if (before.get(model.id) !== 'training' || model.status === 'training') continue;
    if (model.status === 'ready') {
      const message = model.id === selectedId ? 'Voice model training completed!' : 'Voice training completed successfully';
      notices.push({ modelId: model.id, tone: 'success', message });
    } else if (model.status === 'failed' && !cancelledIds.has(model.id)) {
      notices.push({ modelId: model.id, tone: 'error', message: 'Voice model training failed' });
    }
  }
  return notices;
}
