import type { Pacer } from './pacer.ts';

/**
 * Dynamic time warping (Sakoe & Chiba 1978) with the symmetric step set {(1,0),(0,1),(1,1)} and
 * Euclidean frame distance over coefficients [from, to) of each vector. Returns the optimal path
 * as index pairs, start to end.
 */
export async function dtwPath(
  a: Float64Array[],
  b: Float64Array[],
  opts: { from?: number; to?: number; pacer?: Pacer } = {},
): Promise<Array<[number, number]>> {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [];
  const from = opts.from ?? 1;
  const to = opts.to ?? a[0]!.length;
  const cost = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    const ai = a[i]!;
    for (let j = 0; j < m; j++) {
      const bj = b[j]!;
      let d = 0;
      for (let k = from; k < to; k++) {
        const t = ai[k]! - bj[k]!;
        d += t * t;
      }
      d = Math.sqrt(d);
      let best: number;
      if (i === 0 && j === 0) best = 0;
      else if (i === 0) best = cost[j - 1]!;
      else if (j === 0) best = cost[(i - 1) * m]!;
      else best = Math.min(cost[(i - 1) * m + j]!, cost[i * m + j - 1]!, cost[(i - 1) * m + j - 1]!);
      cost[i * m + j] = d + best;
    }
    if (opts.pacer && (i & 31) === 31) await opts.pacer.tick();
  }
  const path: Array<[number, number]> = [];
  let i = n - 1;
  let j = m - 1;
  path.push([i, j]);
  while (i > 0 || j > 0) {
    if (i === 0) j--;
    else if (j === 0) i--;
    else {
      const diag = cost[(i - 1) * m + j - 1]!;
      const up = cost[(i - 1) * m + j]!;
      const left = cost[i * m + j - 1]!;
      if (diag <= up && diag <= left) {
        i--;
        j--;
      } else if (up <= left) i--;
      else j--;
    }
    path.push([i, j]);
  }
  return path.reverse();
}
