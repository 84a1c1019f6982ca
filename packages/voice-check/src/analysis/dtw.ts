function dist(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let d = 0; d < a.length; d++) {
    const x = (a[d] ?? 0) - (b[d] ?? 0);
    s += x * x;
  }
  return Math.sqrt(s);
}

/**
 * Dynamic time warping (Sakoe & Chiba 1978, symmetric step pattern: diagonal steps weigh 2,
 * horizontal and vertical 1, total divided by n + m) over a precomputed n x m distance matrix.
 * `mirror` reads the columns right to left, i.e. aligns against the time-reversed second sequence.
 */
function dtwPerStep(local: Float64Array, n: number, m: number, mirror: boolean): number {
  let prev = new Float64Array(m);
  let cur = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    const row = i * m;
    for (let j = 0; j < m; j++) {
      const d = local[row + (mirror ? m - 1 - j : j)] ?? 0;
      if (i === 0 && j === 0) {
        cur[0] = 2 * d;
        continue;
      }
      const diag = i > 0 && j > 0 ? (prev[j - 1] ?? Infinity) + 2 * d : Infinity;
      const up = i > 0 ? (prev[j] ?? Infinity) + d : Infinity;
      const left = j > 0 ? (cur[j - 1] ?? Infinity) + d : Infinity;
      cur[j] = Math.min(diag, up, left);
    }
    [prev, cur] = [cur, prev];
  }
  return (prev[m - 1] ?? Infinity) / (n + m);
}

/**
 * Replaces each distance by its percentile rank, averaged over its row and its column: "how close
 * is this reference frame to this take frame, compared with every other pairing". Ranks do not
 * care how far apart two voices are overall, only which frames resemble which (the same idea as
 * the normalised distance matrices of query-by-example spoken term detection).
 */
function rankNormalise(local: Float64Array, n: number, m: number): Float64Array {
  const out = new Float64Array(n * m);
  // Ranks by binary search in a natively sorted copy: several times faster than sorting an index
  // array with a comparator. Ties get their lowest rank, which is what a percentile means.
  const row = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    row.set(local.subarray(i * m, (i + 1) * m));
    row.sort();
    for (let j = 0; j < m; j++) out[i * m + j] = lowerBound(row, local[i * m + j] ?? 0) / m / 2;
  }
  const col = new Float64Array(n);
  const values = new Float64Array(n);
  for (let j = 0; j < m; j++) {
    for (let i = 0; i < n; i++) values[i] = local[i * m + j] ?? 0;
    col.set(values);
    col.sort();
    for (let i = 0; i < n; i++) out[i * m + j] = (out[i * m + j] ?? 0) + lowerBound(col, values[i] ?? 0) / n / 2;
  }
  return out;
}

/** Index of the first element >= value in an ascending array. */
function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface AlignmentResult {
  /** DTW cost per step against the reference, on rank-normalised distances (0..1). */
  costPerStep: number;
  /** The same against the time-reversed reference: same sounds, wrong order. */
  reversedCostPerStep: number;
  /**
   * costPerStep / reversedCostPerStep. Near 1 when the take lines up no better with the reference
   * than with the reference played backwards (another sentence), well below 1 for the same words.
   */
  ratio: number;
}

/**
 * Alignment cost of a take against a reference rendering of the same text: DTW over
 * rank-normalised MFCC distances, divided by the DTW cost against the time-reversed reference, a
 * null model with the same sounds in the wrong order (cohort normalisation as in speaker
 * verification, applied to word order). Voice, microphone and accent shift both costs alike, so
 * the ratio measures whether the sequence of sounds matches.
 */
export function alignTake(take: Float32Array[], reference: Float32Array[]): AlignmentResult {
  const n = take.length;
  const m = reference.length;
  if (n < 2 || m < 2) return { costPerStep: Infinity, reversedCostPerStep: Infinity, ratio: Infinity };
  const local = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    const ti = take[i] as Float32Array;
    for (let j = 0; j < m; j++) local[i * m + j] = dist(ti, reference[j] as Float32Array);
  }
  const ranks = rankNormalise(local, n, m);
  const costPerStep = dtwPerStep(ranks, n, m, false);
  const reversedCostPerStep = dtwPerStep(ranks, n, m, true);
  return { costPerStep, reversedCostPerStep, ratio: costPerStep / reversedCostPerStep };
}
