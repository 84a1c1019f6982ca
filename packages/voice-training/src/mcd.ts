import { dtwPath } from './dtw.ts';
import type { Pacer } from './pacer.ts';

/** dB per unit of Euclidean mel-cepstral distance: 10 / ln 10 * sqrt(2) (Kubichek 1993). */
const MCD_CONST = (10 / Math.LN10) * Math.SQRT2;

export interface McdResult {
  /** Sum of frame distances in dB, and the number of frames, so results can be pooled. */
  sumDb: number;
  frames: number;
}

/**
 * Mel-cepstral distortion between two utterances, DTW-aligned on c(1..order), averaged over aligned
 * frame pairs where both frames are speech. c(0) (loudness) is left out, as is usual.
 */
export async function melCepstralDistortion(
  reference: { mcep: Float64Array[]; speech: Uint8Array },
  test: { mcep: Float64Array[]; speech: Uint8Array },
  pacer?: Pacer,
): Promise<McdResult> {
  const path = await dtwPath(reference.mcep, test.mcep, { from: 1, pacer });
  let sumDb = 0;
  let frames = 0;
  for (const [i, j] of path) {
    if (!reference.speech[i] || !test.speech[j]) continue;
    const a = reference.mcep[i]!, b = test.mcep[j]!;
    let s = 0;
    for (let d = 1; d < a.length; d++) s += (a[d]! - b[d]!) ** 2;
    sumDb += MCD_CONST * Math.sqrt(s);
    frames++;
  }
  return { sumDb, frames };
}

export function meanMcd(results: McdResult[]): number {
  const frames = results.reduce((s, r) => s + r.frames, 0);
  return frames === 0 ? NaN : results.reduce((s, r) => s + r.sumDb, 0) / frames;
}
