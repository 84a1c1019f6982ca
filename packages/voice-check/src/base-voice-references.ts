import { defaultSpeechEngine, type SpeechEngine } from '@avatar-factory/speech';
import type { TakeLanguage } from './analysis/expected-length.ts';
import { phonemesToMorae } from './front-end/open-jtalk-phonemes.ts';

export interface BaseVoiceReferences {
  /** The sentence said by the default female and male voices. */
  references: Float32Array[];
  sampleRate: number;
  /** Morae (ja, from Open JTalk's labels) or syllables (en, vowel phones) of the text. */
  expectedUnits: number;
}

const EN_VOWELS = /^(aa|ae|ah|ao|aw|ax|ay|eh|er|ey|ih|iy|ow|oy|uh|uw)$/i;

/**
 * Renders the sentence with both default voices: the alignment check keeps whichever lines up
 * better, which in practice is the voice nearer the speaker's pitch. The engine's phonemes give
 * the exact unit count for the duration check.
 */
export async function baseVoiceReferences(text: string, language: TakeLanguage, engine: Pick<SpeechEngine, 'synthesize'> = defaultSpeechEngine()): Promise<BaseVoiceReferences> {
  const voices = ['female', 'male'] as const;
  const results = await Promise.all(voices.map((voice) => engine.synthesize({ text, voice, language })));
  const first = results[0];
  if (!first) throw new Error('speech engine returned nothing');
  const symbols = first.phonemes.map((p) => p.symbol);
  const expectedUnits = language === 'ja' ? phonemesToMorae(symbols).length : symbols.filter((s) => EN_VOWELS.test(s)).length;
  const sampleRate = first.sampleRate;
  if (results.some((r) => r.sampleRate !== sampleRate)) throw new Error('default voices differ in sample rate');
  return { references: results.map((r) => r.samples), sampleRate, expectedUnits };
}
