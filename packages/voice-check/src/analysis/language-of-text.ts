import type { TakeLanguage } from './expected-length.ts';

/** Kana or kanji: Japanese text (a Japanese sentence may carry Latin words, e.g. "DVDを見る"). */
const japanese = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const latinLetter = /[A-Za-z]/;

/**
 * The language of a sentence as the product knows languages: Japanese when it has any kana or
 * kanji, English when it has Latin letters and none of those, undefined otherwise (digits or
 * punctuation only: nothing to judge by).
 */
export function languageOfText(text: string): TakeLanguage | undefined {
  if (japanese.test(text)) return 'ja';
  if (latinLetter.test(text)) return 'en';
  return undefined;
}
