import type { SpeechAssets } from './engine/config.ts';
import type { Viseme } from '@avatar-factory/contracts';

export { VISEMES, type Viseme } from '@avatar-factory/contracts';

export type SpeechLanguage = 'ja' | 'en';
export type LanguageOption = SpeechLanguage | 'auto';
export type BaseVoice = 'female' | 'male';

/**
 * A user's trained voice model. The speech engine renders the text with `baseVoice`, then hands the
 * audio to `transform` (voice conversion). If the transform changes the duration, all timings are
 * scaled by the same ratio.
 */
export interface PersonalVoice {
  id: string;
  baseVoice: BaseVoice;
  transform(samples: Float32Array, sampleRate: number): Promise<{ samples: Float32Array; sampleRate: number }>;
}

export type VoiceOption = BaseVoice | PersonalVoice;

export interface TimedPhoneme {
  symbol: string;
  startMs: number;
  endMs: number;
}

export interface TimedViseme {
  viseme: Viseme;
  startMs: number;
  endMs: number;
}

export interface SynthesizeInput {
  text: string;
  voice: VoiceOption;
  /** Default 'auto': chosen per sentence from the script (kana/kanji -> ja, Latin -> en). */
  language?: LanguageOption;
  signal?: AbortSignal;
  /** 'owner' (default) is served before 'public' and has its own share of the waiting room. */
  priority?: 'owner' | 'public';
  /** Bounds on what one request may cost, beyond the length of its text. */
  limits?: SpeechLimits;
}

export interface SpeechLimits {
  /** Engine processes one request may start (short sentences are merged to stay within it). */
  maxEngineCalls?: number;
  /** Audio one request may produce: the speech stops at this length. */
  maxOutputMs?: number;
}

export interface SynthesisResult {
  /** Mono, -1..1. */
  samples: Float32Array;
  sampleRate: number;
  durationMs: number;
  phonemes: TimedPhoneme[];
  visemes: TimedViseme[];
  /** The language of the text; for mixed text, the language of most characters. */
  language: SpeechLanguage;
  /** The normalised text actually spoken. */
  text: string;
}

/** What one engine call returns, before levels, voice transforms and visemes. */
export interface EngineOutput {
  samples: Float32Array;
  sampleRate: number;
  phonemes: TimedPhoneme[];
}

export interface EngineCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Parent of the per-call temporary folder (default os.tmpdir()). */
  tmpDir?: string;
  /** Where Open JTalk's voices and dictionary are (defaults: engine/config.ts). */
  assets?: SpeechAssets;
}
