import type { SuggestedSentence } from '@avatar-factory/contracts';
import { EN_SENTENCES } from './en.ts';
import { JA_SENTENCES } from './ja.ts';

/**
 * Suggested recording prompts with stable ids ('ja-001', 'en-001', ...): an id names one text
 * for good, since recorded takes refer to it by sentence_id. Append new sentences; never reorder.
 */
export function suggestedSentences(lang: 'ja' | 'en'): SuggestedSentence[] {
  const texts = lang === 'ja' ? JA_SENTENCES : EN_SENTENCES;
  return texts.map((text, i) => ({ id: `${lang}-${String(i + 1).padStart(3, '0')}`, text }));
}

/** The text of a suggested sentence id, or undefined. */
export function suggestedSentenceText(id: string): string | undefined {
  const m = /^(ja|en)-(\d{3})$/.exec(id);
  if (!m) return undefined;
  const texts = m[1] === 'ja' ? JA_SENTENCES : EN_SENTENCES;
  return texts[Number(m[2]) - 1];
}
