import { cleanText, isSpeakable } from './clean-text.ts';

/** Sentences longer than this are cut at a clause boundary so one engine call stays short. */
export const MAX_SENTENCE_CHARS = 160;

const segmenter = new Intl.Segmenter('ja', { granularity: 'sentence' });
// Intl.Segmenter ends a sentence after "Dr." and the like; glue those back together.
const ABBREVIATION = /(?:^|\s)(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|vs|etc|e\.g|i\.e|No|Vol|Fig)\.\s*$/i;

/**
 * Splits text into sentences (first first) with ICU's sentence rules (`Intl.Segmenter`), which know
 * both 。！？ and ". ". Newlines end a sentence. Sentences with nothing to pronounce are dropped.
 */
export function splitSentences(text: string): string[] {
  const cleaned = cleanText(text);
  const sentences: string[] = [];
  for (const line of cleaned.split('\n')) {
    let pending = '';
    for (const { segment } of segmenter.segment(line)) {
      pending += segment;
      if (!ABBREVIATION.test(pending)) {
        sentences.push(...splitLong(pending.trim(), MAX_SENTENCE_CHARS));
        pending = '';
      }
    }
    if (pending.trim()) sentences.push(...splitLong(pending.trim(), MAX_SENTENCE_CHARS));
  }
  return sentences.filter(isSpeakable);
}

/**
 * Cuts `sentence` into pieces of at most `maxChars`, preferring the last clause mark (、，,;:) and
 * then the last space inside the limit, and only then a hard cut.
 */
export function splitLong(sentence: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    let cut = Math.max(window.lastIndexOf('、'), window.lastIndexOf('，'), window.lastIndexOf(','), window.lastIndexOf(';'), window.lastIndexOf(':'));
    if (cut < maxChars / 4) cut = window.lastIndexOf(' ');
    if (cut < maxChars / 4) cut = maxChars - 1;
    pieces.push(rest.slice(0, cut + 1).trim());
    rest = rest.slice(cut + 1).trim();
  }
  if (rest) pieces.push(rest);
  return pieces.filter((piece) => piece.length > 0);
}
