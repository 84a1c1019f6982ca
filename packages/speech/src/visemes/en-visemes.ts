import type { Viseme } from '../types.ts';

/** flite's CMU phone set (lower case, no stress marks) -> Oculus viseme, by articulation. */
const PHONES: Record<string, Viseme> = {
  p: 'PP', b: 'PP', m: 'PP',
  f: 'FF', v: 'FF',
  th: 'TH', dh: 'TH',
  t: 'DD', d: 'DD', dx: 'DD',
  k: 'kk', g: 'kk', ng: 'kk',
  ch: 'CH', jh: 'CH', sh: 'CH', zh: 'CH',
  s: 'SS', z: 'SS',
  n: 'nn', l: 'nn', el: 'nn', en: 'nn',
  r: 'RR', er: 'RR', axr: 'RR',
  aa: 'aa', ae: 'aa', ah: 'aa', ax: 'aa', ay: 'aa', aw: 'aa',
  eh: 'E', ey: 'E',
  ih: 'I', iy: 'I', y: 'I',
  ao: 'O', ow: 'O', oy: 'O',
  uh: 'U', uw: 'U', w: 'U',
  pau: 'sil', sil: 'sil', h: 'sil',
};

/** English phone -> viseme; `hh` (breath only) takes the mouth of the phone that follows. */
export function englishViseme(symbol: string, next: string | undefined): Viseme {
  if (symbol === 'hh') return next && next !== 'hh' ? englishViseme(next, undefined) : 'sil';
  return PHONES[symbol] ?? 'sil';
}
