import type { VoiceOption } from '@avatar-factory/speech';
import { parseModel, type VoiceModelData } from '@avatar-factory/voice-training';
import type { ConversionPool } from '../../engines/conversion-pool';
import type { Storage } from '../../storage/storage';
import type { VoiceModelsRepository } from '../voice-models/voice-models.repository';

export interface VoiceChoice {
  voiceType: 'female' | 'male' | 'custom';
  voiceModelId: string | null;
}

/**
 * Turns an avatar's or a request's voice choice into the speech engine's voice. A personal model
 * that is missing or not ready falls back to the female default rather than failing the speech.
 * Parsed models are cached per id and update time: parsing is the slow part.
 */
export function createVoiceResolver(deps: { voiceModels: Pick<VoiceModelsRepository, 'findById'>; storage: Storage; conversion: ConversionPool }) {
  const cache = new Map<string, { stamp: number; model: VoiceModelData }>();
  return {
    async resolve(choice: VoiceChoice): Promise<VoiceOption> {
      if (choice.voiceType !== 'custom' || !choice.voiceModelId) return choice.voiceType === 'male' ? 'male' : 'female';
      const row = await deps.voiceModels.findById(choice.voiceModelId);
      if (!row || row.status !== 'ready' || !row.modelKey) return row?.baseVoice ?? 'female';
      const stamp = row.updatedAt.getTime();
      let entry = cache.get(row.id);
      if (!entry || entry.stamp !== stamp) {
        entry = { stamp, model: parseModel((await deps.storage.get(row.modelKey)).toString('utf8')) };
        cache.set(row.id, entry);
        if (cache.size > 32) cache.delete(cache.keys().next().value!);
      }
      const model = entry.model;
      // The speech engine's PersonalVoice hook, converted off the main thread; the speaker's
      // speaking rate applies, and the engine rescales its timings to the new length.
      return { id: row.id, baseVoice: model.baseVoice, transform: (samples, sampleRate) => deps.conversion.convert(model, samples, sampleRate) };
    },
  };
}
export type VoiceResolver = ReturnType<typeof createVoiceResolver>;
