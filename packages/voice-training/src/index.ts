export { chooseBaseVoice, DEFAULT_VOICE_MEDIAN_F0, type BaseVoice } from './base-voice.ts';
export { convertWithModel, speakingRateScale, type ConvertOptions } from './convert.ts';
export { analyseFeatures, medianF0, MODEL_SAMPLE_RATE, type Features } from './features.ts';
export { meanMcd, melCepstralDistortion, type McdResult } from './mcd.ts';
export { isAbortError } from './pacer.ts';
export { createPersonalVoice } from './personal-voice.ts';
export { qualityFromHeldOut, qualityScore, type HeldOutQuality } from './quality.ts';
export { resample } from './resample.ts';
export { heldOutIndices, trainVoiceModel, type TrainingStep, type TrainOptions } from './train.ts';
export type { TrainingPair } from './training-pair.ts';
export {
  parseModel,
  serializeModel,
  VOICE_MODEL_FORMAT,
  VOICE_MODEL_VERSION,
  voiceModelDataSchema,
  type VoiceModelData,
} from './voice-model-data.ts';
