import type { VoiceModel, VoiceModelStatus } from '@avatar-factory/contracts';
import { useEffect, useRef } from 'react';
import { toastError, toastSuccess } from '../../../lib/toast';
import { trainingNotices } from '../lib/training-transitions';

/**
 * Toasts the end of a training, seen in the model list (re-polled every 5 s while any model
 * trains, and fed by the open session's 5 s status poll). Rules: `trainingNotices`.
 */
export function useTrainingNotifications(models: VoiceModel[] | undefined, selectedId: string | null, cancelledIds: ReadonlySet<string>) {
  const previous = useRef(new Map<string, VoiceModelStatus>());
  useEffect(() => {
    if (!models) return;
    for (const notice of trainingNotices(previous.current, models, selectedId, cancelledIds)) {
      if (notice.tone === 'success') toastSuccess(notice.message);
      else toastError(notice.message);
    }
    previous.current = new Map(models.map((model) => [model.id, model.status]));
  }, [models, selectedId, cancelledIds]);
}
