import type { LanguageOption, SpeechLanguage } from '../types.ts';

export interface LanguageSegment {
  text: string;
  language: SpeechLanguage;
}

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー々〆ヶ]/u;
const LATIN = /\p{Script=Latin}/u;
/** Latin runs shorter than this (in words) inside Japanese stay Japanese: Open JTalk reads NHK, AI, iPhone in katakana as a Japanese speaker would. */
const MIN_ENGLISH_WORDS_IN_JAPANESE = 3;

type Kind = 'ja' | 'en' | 'neutral' | 'other';

function kindOf(char: string): Kind {
  if (JAPANESE.test(char)) return 'ja';
  if (LATIN.test(char)) return 'en';
  if (/\p{L}/u.test(char)) return 'other';
  return 'neutral';
}

/**
 * Splits one sentence by script. With a fixed language the sentence is one segment. With 'auto':
 * kana/kanji -> ja, Latin -> en; digits and punctuation join the run they sit in; a short Latin run
 * inside a Japanese sentence stays Japanese; letters of other scripts (Hangul, Cyrillic, ...) are
 * dropped because neither engine can say them.
 */
export function segmentByLanguage(sentence: string, language: LanguageOption = 'auto'): LanguageSegment[] {
  if (language !== 'auto') return sentence.trim() ? [{ text: sentence.trim(), language }] : [];

  const runs: Array<{ kind: Kind; text: string }> = [];
  for (const char of sentence) {
    const kind = kindOf(char);
    const last = runs.at(-1);
    if (kind === 'other') continue;
    if (last && (kind === 'neutral' || last.kind === kind || last.kind === 'neutral')) {
      last.text += char;
      if (last.kind === 'neutral') last.kind = kind;
    } else {
      runs.push({ kind, text: char });
    }
  }

  const hasJapanese = runs.some((run) => run.kind === 'ja');
  const segments: LanguageSegment[] = [];
  for (const run of runs) {
    let runLanguage: SpeechLanguage;
    if (run.kind === 'en') {
      const words = run.text.trim().split(/\s+/).filter((word) => LATIN.test(word)).length;
      runLanguage = hasJapanese && words < MIN_ENGLISH_WORDS_IN_JAPANESE ? 'ja' : 'en';
    } else {
      // Kana/kanji, or digits-only text: Japanese, the product's first language.
      runLanguage = 'ja';
    }
    const last = segments.at(-1);
    if (last && last.language === runLanguage) last.text += run.text;
    else segments.push({ text: run.text, language: runLanguage });
  }
  return segments.map((segment) => ({ ...segment, text: segment.text.trim() })).filter((segment) => /[\p{L}\p{N}]/u.test(segment.text));
}

/** The language most characters of `text` are in (used to label mixed results). */
export function dominantLanguage(segments: LanguageSegment[]): SpeechLanguage {
  let ja = 0;
  let en = 0;
  for (const segment of segments) {
    if (segment.language === 'ja') ja += segment.text.length;
    else en += segment.text.length;
  }
  return en > ja ? 'en' : 'ja';
}
