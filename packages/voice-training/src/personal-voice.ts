import type { PersonalVoice } from '@avatar-factory/speech';
import { convertWithModel } from './convert.ts';
import type { VoiceModelData } from './voice-model-data.ts';

/**
 * Wraps a trained model as the speech engine's PersonalVoice. By default it also speaks at the
 * speaker's rate: the output is longer or shorter than the input by `speakingRateScale(model)`, and
 * the engine scales its phoneme and viseme timings by output/input duration. Pass
 * `applySpeakingRate: false` to keep the base voice's timing.
 */
export function createPersonalVoice(id: string, model: VoiceModelData, opts: { applySpeakingRate?: boolean } = {}): PersonalVoice {
  const applySpeakingRate = opts.applySpeakingRate ?? true;
  return {
    id,
    baseVoice: model.baseVoice,
    transform: (samples, sampleRate) => convertWithModel(model, samples, sampleRate, { applySpeakingRate }),
  };
}
