/**
 * Global-variance (GV) post-filter (Toda, Black & Tokuda 2007; the variance-scaling form of
 * Silén et al. 2012, as in sprocket): frame-wise MMSE conversion averages over mixtures and so
 * shrinks the variance of each mel-cepstral trajectory (the muffled GMM sound). Scaling each
 * dimension of a converted utterance around its mean brings that variance back towards the
 * speaker's.
 */

/** Per-dimension variances of c(1..order), as stored in the model (see voice-model-data.ts). */
export interface GlobalVariance {
  /** The speaker's GV: variance over speech frames of each training take, averaged over takes. */
  target: number[];
  /** The same statistic of the converted base renderings of the training takes (no post-filter). */
  converted: number[];
}

/**
 * Default blend: the scale is sqrt(target / converted) ** weight. 0 leaves the converted spectra as
 * they are, 1 restores the speaker's variance in full. Raising it costs held-out MCD (the MMSE
 * output is near the MCD optimum); 0.6 keeps the English set 0.5 dB clear of the required 3 dB
 * gain while taking the GV ratio most of the way to 1 (measurements in ADR 0004, bench/gv.ts).
 */
export const GV_WEIGHT = 0.6;

/** Bounds on the per-dimension scale: a model trained on odd data must not blow a dimension up. */
const MIN_SCALE = 0.5;
const MAX_SCALE = 2;

/** Fewer speech frames than this give no usable variance (and no usable mean to scale around). */
const MIN_SPEECH_FRAMES = 10;

/**
 * Variance of c(1..dims) over the speech frames of one utterance (population variance), or null
 * when the utterance has too little speech to say.
 */
export function speechVariance(mcep: Float64Array[], speech: Uint8Array, dims: number): Float64Array | null {
  const mean = new Float64Array(dims);
  const sq = new Float64Array(dims);
  let n = 0;
  for (let i = 0; i < mcep.length; i++) {
    if (!speech[i]) continue;
    const c = mcep[i]!;
    for (let d = 0; d < dims; d++) {
      const v = c[d + 1]!;
      mean[d] = mean[d]! + v;
      sq[d] = sq[d]! + v * v;
    }
    n++;
  }
  if (n < MIN_SPEECH_FRAMES) return null;
  const out = new Float64Array(dims);
  for (let d = 0; d < dims; d++) {
    const m = mean[d]! / n;
    out[d] = Math.max(0, sq[d]! / n - m * m);
  }
  return out;
}

/**
 * GV of a set of utterances: the per-utterance variance averaged over utterances, not the
 * variance of all frames pooled. Pooling would add the spread between sentence means, which the
 * post-filter (scaling around each utterance's own mean) never reproduces.
 */
export function averageSpeechVariance(utterances: Array<{ mcep: Float64Array[]; speech: Uint8Array }>, dims: number): number[] | null {
  const sum = new Float64Array(dims);
  let count = 0;
  for (const u of utterances) {
    const v = speechVariance(u.mcep, u.speech, dims);
    if (!v) continue;
    for (let d = 0; d < dims; d++) sum[d] = sum[d]! + v[d]!;
    count++;
  }
  if (count === 0) return null;
  return Array.from(sum, (s) => s / count);
}

/**
 * Per-dimension scale sqrt(target / converted) ** weight, clamped. The converted variance is that
 * of the converted training data, not of the utterance at hand: a short phrase has an unreliable
 * variance of its own, whereas the MMSE shrinkage the filter undoes is a property of the model.
 */
export function globalVarianceScale(gv: GlobalVariance, weight: number): Float64Array {
  return Float64Array.from(gv.target, (t, d) => {
    const c = gv.converted[d]!;
    if (!(t > 0) || !(c > 0)) return 1;
    return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.sqrt(t / c) ** weight));
  });
}

/**
 * The post-filter: for speech frames, c'(d) = mean(d) + (c(d) - mean(d)) * scale(d), with the
 * mean over the utterance's speech frames. Pauses are left as converted: boosting the spread of
 * silence frames would only make the noise floor fluctuate. c(0) is never touched.
 */
export function applyGlobalVariance(mcep: Float64Array[], speech: Uint8Array, gv: GlobalVariance, weight = GV_WEIGHT): Float64Array[] {
  const dims = gv.target.length;
  if (weight <= 0) return mcep;
  const mean = new Float64Array(dims);
  let n = 0;
  for (let i = 0; i < mcep.length; i++) {
    if (!speech[i]) continue;
    for (let d = 0; d < dims; d++) mean[d] = mean[d]! + mcep[i]![d + 1]!;
    n++;
  }
  if (n < MIN_SPEECH_FRAMES) return mcep;
  for (let d = 0; d < dims; d++) mean[d] = mean[d]! / n;
  const scale = globalVarianceScale(gv, weight);
  return mcep.map((c, i) => {
    if (!speech[i]) return c;
    const out = Float64Array.from(c);
    for (let d = 0; d < dims; d++) out[d + 1] = mean[d]! + (c[d + 1]! - mean[d]!) * scale[d]!;
    return out;
  });
}
