import type { SpeechLanguage, TimedPhoneme, TimedViseme, Viseme } from '../types.ts';
import { englishViseme } from './en-visemes.ts';
import { japaneseViseme } from './ja-visemes.ts';

export function phonemeViseme(language: SpeechLanguage, phonemes: TimedPhoneme[], index: number): Viseme {
  const symbol = phonemes[index]?.symbol ?? 'sil';
  const next = phonemes[index + 1]?.symbol;
  return language === 'ja' ? japaneseViseme(symbol, next, phonemes[index + 2]?.symbol) : englishViseme(symbol, next);
}

/**
 * Turns timed phonemes into a viseme track that tiles [0, durationMs] exactly: starts at 0, each
 * viseme starts where the one before ends, equal neighbours merged, the last one ends at durationMs
 * (a gap before the first phoneme or after the last becomes 'sil').
 */
export function buildVisemes(language: SpeechLanguage, phonemes: TimedPhoneme[], durationMs: number): TimedViseme[] {
  const track: TimedViseme[] = [];
  const extendTo = (viseme: Viseme, endMs: number) => {
    const last = track.at(-1);
    const start = last?.endMs ?? 0;
    const end = Math.min(durationMs, endMs);
    if (end <= start) return;
    if (last && last.viseme === viseme) last.endMs = end;
    else track.push({ viseme, startMs: start, endMs: end });
  };
  phonemes.forEach((phoneme, index) => {
    extendTo('sil', phoneme.startMs);
    extendTo(phonemeViseme(language, phonemes, index), phoneme.endMs);
  });
  const last = track.at(-1);
  // A short tail (rounding, the engine's last sample) joins the last viseme; a longer one is silence.
  if (last && durationMs - last.endMs < 20) last.endMs = durationMs;
  else extendTo('sil', durationMs);
  return track;
}
