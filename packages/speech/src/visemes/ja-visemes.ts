import type { Viseme } from '../types.ts';

/** Vowels, voiced and devoiced (Open JTalk writes devoiced vowels in capitals). */
const VOWELS: Record<string, Viseme> = { a: 'aa', i: 'I', u: 'U', e: 'E', o: 'O', A: 'aa', I: 'I', U: 'U', E: 'E', O: 'O' };

const CONSONANTS: Record<string, Viseme> = {
  p: 'PP', b: 'PP', m: 'PP', py: 'PP', by: 'PP', my: 'PP',
  f: 'FF', v: 'FF',
  t: 'DD', d: 'DD', ty: 'DD', dy: 'DD',
  // The Japanese r is an alveolar tap, a tongue-tip contact like d, not an English r.
  r: 'DD', ry: 'DD',
  n: 'nn', ny: 'nn', N: 'nn',
  k: 'kk', g: 'kk', ky: 'kk', gy: 'kk', gw: 'kk', kw: 'kk',
  s: 'SS', z: 'SS', ts: 'SS',
  sh: 'CH', j: 'CH', ch: 'CH',
  // Glides look like the vowel they come from.
  y: 'I', w: 'U',
  pau: 'sil', sil: 'sil',
};

/**
 * Open JTalk phoneme -> Oculus viseme, by articulation. Context rules: `h`/`hy` (breath only) take the
 * mouth of the vowel that follows; `cl` (the geminate closure of っ) holds the mouth of the
 * consonant that follows.
 */
export function japaneseViseme(symbol: string, next: string | undefined, nextButOne: string | undefined): Viseme {
  const vowel = VOWELS[symbol];
  if (vowel) return vowel;
  if (symbol === 'h' || symbol === 'hy') return next ? japaneseViseme(next, nextButOne, undefined) : 'sil';
  if (symbol === 'cl') return next && next !== 'cl' ? japaneseViseme(next, nextButOne, undefined) : 'sil';
  return CONSONANTS[symbol] ?? 'sil';
}
