export { createSpeechEngine, defaultSpeechEngine, synthesize, synthesizeSentences, PEAK_CEILING_DBFS } from './synthesize.ts';
export type { SpeechEngine, SpeechEngineOptions, StreamOptions } from './synthesize.ts';
export { splitSentences } from './text/split-sentences.ts';
export { encodeWav, decodePcm16Wav, readWavInfo, type WavInfo } from './audio/wav.ts';
export { encodeSyntheticSpeechWav, SYNTHETIC_SPEECH_INFO } from './audio/provenance.ts';
export { writeVoiceSamples, SAMPLE_FILES, SAMPLE_GREETINGS } from './voice-samples.ts';
export { SpeechError, isSpeechError } from './errors.ts';
export { checkSpeechRequirements } from './engine/requirements.ts';
export { DEFAULT_VOICES_DIR, OPEN_JTALK_DICTIONARY } from './engine/config.ts';
export type { SpeechAssets } from './engine/config.ts';
export type { SpeechRequirements } from './engine/requirements.ts';
export type { SpeechErrorCode } from './errors.ts';
export { VISEMES } from './types.ts';
export type {
  BaseVoice,
  LanguageOption,
  PersonalVoice,
  SpeechLanguage,
  SynthesisResult,
  SynthesizeInput,
  TimedPhoneme,
  TimedViseme,
  Viseme,
  VoiceOption,
} from './types.ts';
// Measurement helpers (used by this package's tests and bench; handy for voice checks).
export { peakDbfs, rmsDbfs } from './audio/levels.ts';
