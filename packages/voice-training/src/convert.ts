import { analyseFeatures } from './features.ts';
import { mcepToEnvelope } from './mel-cepstrum.ts';
import { Pacer } from './pacer.ts';
import { convertFeatures } from './quality.ts';
import { synthesise } from './world-vocoder.ts';
import type { VoiceModelData } from './voice-model-data.ts';

/**
 * The time stretch used for the speaker's speaking rate, limited to 0.75..1.33: a take with long
 * hesitations or noise counted as speech should not make the avatar drawl or gabble.
 */
export function speakingRateScale(model: VoiceModelData): number {
  return Math.min(4 / 3, Math.max(0.75, model.speakingRate.ratio));
}

export interface ConvertOptions {
  /** Stretch time by the speaker's speaking-rate ratio (see speakingRateScale; default false). */
  applySpeakingRate?: boolean;
  /**
   * Blend of the GV post-filter (global-variance.ts), 0 = off, 1 = the speaker's full variance;
   * default GV_WEIGHT. Models without global variances always convert without it.
   */
  gvWeight?: number;
  signal?: AbortSignal;
}

/** Analysis hop for conversion: finer than training, for a smoother resynthesis. */
const CONVERT_FRAME_MS = 5;
/** Half-width (frames) of the moving average over the spectral correction. */
const SMOOTH_HALF_WIDTH = 2;

/**
 * Moving average over time of the per-frame spectral correction: frame-wise MMSE conversion jumps
 * when the dominant mixture changes between neighbouring frames; smoothing the correction (not the
 * base spectrum) removes that jitter and keeps the base voice's own articulation.
 */
function smoothFrames(frames: Float64Array[], half: number): Float64Array[] {
  if (half <= 0) return frames;
  return frames.map((_, i) => {
    const out = new Float64Array(frames[i]!.length);
    const lo = Math.max(0, i - half);
    const hi = Math.min(frames.length - 1, i + half);
    for (let j = lo; j <= hi; j++) {
      const f = frames[j]!;
      for (let d = 0; d < out.length; d++) out[d] = out[d]! + f[d]!;
    }
    for (let d = 0; d < out.length; d++) out[d] = out[d]! / (hi - lo + 1);
    return out;
  });
}

/**
 * Speaks base-voice audio in the personal voice: WORLD analysis, GMM mapping of c(1..order), F0 by
 * log-Gaussian normalisation, aperiodicity kept, WORLD resynthesis. The spectral change is applied
 * as a difference filter on the base envelope (log S' = log S + (C'(w) - C(w))), which keeps the
 * envelope detail beyond order 24 instead of replacing it by the smooth mel-cepstral fit.
 * Output is at `model.sampleRate`.
 */
export async function convertWithModel(
  model: VoiceModelData,
  samples: Float32Array,
  sampleRate: number,
  opts: ConvertOptions = {},
): Promise<{ samples: Float32Array; sampleRate: number }> {
  if (samples.length === 0) return { samples: new Float32Array(0), sampleRate: model.sampleRate };
  const pacer = new Pacer(opts.signal);
  const base = await analyseFeatures(samples, sampleRate, {
    framePeriodMs: CONVERT_FRAME_MS,
    pacer,
    order: model.mcep.order,
    alpha: model.mcep.alpha,
  });
  const converted = convertFeatures(model.gmm, model.f0, base, model.gv, opts.gvWeight);
  const bins = base.frames.fftSize / 2 + 1;
  const diffs = converted.mcep.map((a, i) => {
    const b = base.mcep[i]!;
    const diff = new Float64Array(model.mcep.order + 1);
    for (let d = 1; d <= model.mcep.order; d++) diff[d] = a[d]! - b[d]!;
    return diff;
  });
  const smoothed = smoothFrames(diffs, SMOOTH_HALF_WIDTH);
  const envelope = base.frames.envelope.map((env, i) => {
    const gain = mcepToEnvelope(smoothed[i]!, bins, model.mcep.alpha);
    const out = new Float64Array(bins);
    let before = 0;
    let after = 0;
    for (let k = 0; k < bins; k++) {
      out[k] = env[k]! * gain[k]!;
      before += env[k]!;
      after += out[k]!;
    }
    // The mapping changes the spectral shape only; each frame keeps the base frame's power (as
    // c0 is kept). Without this, the GMM's extrapolation on fricatives (few in training, no F0)
    // raised their highs by up to 25 dB, a loud hiss, while vowels came out 8 dB quieter.
    const keepPower = after > 0 ? before / after : 1;
    for (let k = 0; k < bins; k++) out[k] = out[k]! * keepPower;
    return out;
  });
  await pacer.tick();
  const timeScale = opts.applySpeakingRate ? speakingRateScale(model) : 1;
  const y = await synthesise(
    { ...base.frames, f0: converted.f0, envelope },
    { timeScale, length: Math.max(1, Math.round(((samples.length * model.sampleRate) / sampleRate) * timeScale)) },
  );
  // Keep peaks below full scale: a spectral change can raise the level of a loud base rendering.
  let peak = 0;
  for (let i = 0; i < y.length; i++) peak = Math.max(peak, Math.abs(y[i]!));
  if (peak > 0.98) for (let i = 0; i < y.length; i++) y[i] = (y[i]! * 0.98) / peak;
  return { samples: y, sampleRate: model.sampleRate };
}
