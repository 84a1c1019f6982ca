export type TakeLanguage = 'ja' | 'en';

/** Small kana that merge with the preceding kana into one mora (ゃ in きゃ), so they add none. */
const SMALL_KANA = new Set([...'ゃゅょぁぃぅぇぉゎャュョァィゥェォヮ']);
/**
 * Morae per kanji: on-readings are 1-2 morae (字 ji, 天 ten, 東 tou), kun-readings often 2-3.
 * 1.7 is the mean over our Japanese suggested sentences against Open JTalk's own reading
 * (tested in expected-length.test.ts).
 */
const MORAE_PER_KANJI = 1.7;

/**
 * Kana-based mora estimate for Japanese text: each full-size kana, っ, ん and ー is one mora,
 * small ゃゅょ etc. add none, a kanji counts MORAE_PER_KANJI, a digit 2, a Latin letter 1.5
 * (read as ei, bii, ...). Punctuation adds nothing. An estimate for duration checks only.
 */
export function estimateMorae(text: string): number {
  let morae = 0;
  for (const ch of text.normalize('NFKC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (SMALL_KANA.has(ch)) continue;
    if ((code >= 0x3041 && code <= 0x3096) || (code >= 0x30a1 && code <= 0x30fa) || ch === 'ー') morae += 1;
    else if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) || ch === '々') morae += MORAE_PER_KANJI;
    else if (/[0-9]/.test(ch)) morae += 2;
    else if (/[A-Za-z]/.test(ch)) morae += 1.5;
  }
  return morae;
}

/**
 * English syllable estimate: vowel groups (a e i o u y) per word, minus a silent final "e"
 * (but not "-le", "-ee"), at least one per word; digits count 1.5 each. Rule of thumb, a few
 * percent off on running text (tested against flite's phones in expected-length.test.ts).
 */
export function estimateSyllables(text: string): number {
  let total = 0;
  for (const raw of text.toLowerCase().split(/[^a-z0-9']+/)) {
    const word = raw.replace(/'/g, '');
    if (!word) continue;
    if (/^[0-9]+$/.test(word)) {
      total += 1.5 * word.length;
      continue;
    }
    const groups = word.match(/[aeiouy]+/g)?.length ?? 0;
    let n = groups;
    if (word.length > 2 && word.endsWith('e') && !/(le|ee|ye)$/.test(word) && groups > 1) n -= 1;
    if (/[^aeiouy]ed$/.test(word) && !/[td]ed$/.test(word) && groups > 1) n -= 1;
    total += Math.max(1, n);
  }
  return total;
}

/**
 * Typical reading pace of a prompted sentence: Japanese about 7.5 morae/s (133 ms per mora),
 * English about 4 syllables/s (250 ms). Our English fixtures read at 2.9 to 4.7 syllables/s.
 */
export const MS_PER_UNIT: Record<TakeLanguage, number> = { ja: 133, en: 250 };

export interface ExpectedLength {
  units: number;
  unit: 'mora' | 'syllable';
  expectedMs: number;
}

/** Expected spoken length of `text`; `units` overrides the estimate (e.g. morae from Open JTalk). */
export function expectedLength(text: string, language: TakeLanguage, units?: number): ExpectedLength {
  const n = units ?? (language === 'ja' ? estimateMorae(text) : estimateSyllables(text));
  return { units: n, unit: language === 'ja' ? 'mora' : 'syllable', expectedMs: n * MS_PER_UNIT[language] };
}
