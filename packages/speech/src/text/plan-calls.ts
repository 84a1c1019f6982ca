import type { LanguageOption } from '../types.ts';
import { dominantLanguage, segmentByLanguage } from './script-segments.ts';

/** Sentences shorter than this are spoken together with the next one (one engine call, not two). */
export const MIN_UNIT_CHARS = 24;

export interface SpeechPlan {
  /** What each result speaks, in order: one or more sentences joined. */
  units: string[];
  /** The language to speak them in ('auto' unless the script changes too often to follow). */
  language: LanguageOption;
}

const callsOf = (units: string[], language: LanguageOption) => units.reduce((sum, unit) => sum + segmentByLanguage(unit, language).length, 0);

/**
 * Bounds the engine processes one request starts (each costs a process start and a dictionary
 * load: "あ。" x 100 used to start 100 of them). Text that fits in `maxCalls` is left as it is
 * (sentence by sentence, so the first audio comes as soon as before). Otherwise short sentences are
 * merged with the next; then, if more than `maxCalls` units remain, neighbours are joined into
 * `maxCalls` groups of about equal size; and if switching between Japanese and English still needs
 * more calls than that, the whole text is spoken in its main language.
 */
export function planEngineCalls(sentences: string[], language: LanguageOption, maxCalls = Number.POSITIVE_INFINITY): SpeechPlan {
  if (callsOf(sentences, language) <= maxCalls) return { units: sentences, language };
  const units: string[] = [];
  for (const sentence of sentences) {
    const last = units.at(-1);
    if (last !== undefined && last.length < MIN_UNIT_CHARS) units[units.length - 1] = `${last} ${sentence}`;
    else units.push(sentence);
  }
  let grouped = units;
  if (units.length > maxCalls) {
    grouped = [];
    const perGroup = units.length / maxCalls;
    for (let group = 0; group < maxCalls; group++) {
      grouped.push(units.slice(Math.round(group * perGroup), Math.round((group + 1) * perGroup)).join(' '));
    }
  }
  if (language === 'auto' && callsOf(grouped, 'auto') > maxCalls) {
    return { units: grouped, language: dominantLanguage(grouped.flatMap((unit) => segmentByLanguage(unit, 'auto'))) };
  }
  return { units: grouped, language };
}
