import { analyseFeatures, logF0Stats, type UtteranceFeatures } from './features.ts';
import { convertFrame, type JointGmm } from './gmm.ts';
import { applyGlobalVariance, GV_WEIGHT, type GlobalVariance } from './global-variance.ts';
import { meanMcd, melCepstralDistortion, type McdResult } from './mcd.ts';
import { Pacer } from './pacer.ts';
import type { TrainingPair } from './training-pair.ts';
import type { VoiceModelData } from './voice-model-data.ts';

export interface HeldOutQuality {
  /** 0..1, see `qualityScore`. Null when there was nothing to hold out. */
  quality_score: number | null;
  mcd_before_db: number | null;
  mcd_after_db: number | null;
  /** Median F0 of the speaker's held-out takes and of the converted base voice (Hz). */
  f0_target_hz: number | null;
  f0_converted_hz: number | null;
}

/**
 * quality = (1 - exp(-dMCD / 3 dB)) * max(0, 1 - |ln(F0conv / F0target)| / ln 1.5)
 * dMCD: held-out MCD of the base voice minus that of the converted base voice, both against the
 * speaker's takes. 3 dB of improvement gives 0.63, 6 dB 0.86; none or worse gives 0. The F0 factor
 * is 1 when the converted median F0 matches the speaker's and 0 at a 50 % pitch error.
 */
export function qualityScore(mcdBeforeDb: number, mcdAfterDb: number, f0TargetHz: number, f0ConvertedHz: number): number {
  const gain = mcdBeforeDb - mcdAfterDb;
  const spectral = gain > 0 ? 1 - Math.exp(-gain / 3) : 0;
  const pitch = f0TargetHz > 0 && f0ConvertedHz > 0 ? Math.max(0, 1 - Math.abs(Math.log(f0ConvertedHz / f0TargetHz)) / Math.log(1.5)) : 0;
  return Math.min(1, Math.max(0, spectral * pitch));
}

/**
 * Applies the model's spectral and F0 mappings to analysed base-voice features, then the GV
 * post-filter when the model has global variances (`gvWeight` 0 turns it off).
 */
export function convertFeatures(
  gmm: JointGmm,
  f0: VoiceModelData['f0'],
  base: UtteranceFeatures,
  gv?: GlobalVariance,
  gvWeight = GV_WEIGHT,
): UtteranceFeatures {
  const dims = gmm.meanX[0]!.length;
  const mapped = base.mcep.map((c) => {
    const y = convertFrame(gmm, c.subarray(1, dims + 1));
    const out = new Float64Array(c.length);
    out[0] = c[0]!;
    out.set(y, 1);
    return out;
  });
  const mcep = gv ? applyGlobalVariance(mapped, base.speech, gv, gvWeight) : mapped;
  return { mcep, f0: base.f0.map((v) => convertF0(f0, v)), speech: base.speech };
}

/**
 * Log-Gaussian normalised F0 transformation (Liu et al. 2007): scale the spread of ln F0 by
 * target/source standard deviation around the centre of each speaker. The centre is the median
 * rather than the mean of ln F0: DIO's occasional octave errors shift a mean, not a median, and
 * the median is what a listener (and the objective test) compares.
 */
export function convertF0(stats: VoiceModelData['f0'], hz: number): number {
  if (hz <= 0) return 0;
  const { source, target } = stats;
  const ratio = source.std > 1e-6 ? target.std / source.std : 1;
  const centreS = source.medianHz > 0 ? Math.log(source.medianHz) : source.mean;
  const centreT = target.medianHz > 0 ? Math.log(target.medianHz) : target.mean;
  return Math.exp(centreT + ratio * (Math.log(hz) - centreS));
}

/** Held-out quality from already analysed pairs (the training job calls this). */
export async function heldOutQuality(
  gmm: JointGmm,
  f0: VoiceModelData['f0'],
  gv: GlobalVariance | undefined,
  pairs: Array<{ take: UtteranceFeatures; base: UtteranceFeatures }>,
  pacer = new Pacer(),
): Promise<HeldOutQuality> {
  if (pairs.length === 0) return { quality_score: null, mcd_before_db: null, mcd_after_db: null, f0_target_hz: null, f0_converted_hz: null };
  const before: McdResult[] = [];
  const after: McdResult[] = [];
  for (const { take, base } of pairs) {
    before.push(await melCepstralDistortion(take, base, pacer));
    after.push(await melCepstralDistortion(take, convertFeatures(gmm, f0, base, gv), pacer));
  }
  const f0Target = logF0Stats(pairs.map((p) => p.take.f0)).medianHz;
  const f0Converted = logF0Stats(pairs.map((p) => p.base.f0.map((v) => convertF0(f0, v)))).medianHz;
  const mcdBefore = meanMcd(before);
  const mcdAfter = meanMcd(after);
  return {
    quality_score: qualityScore(mcdBefore, mcdAfter, f0Target, f0Converted),
    mcd_before_db: mcdBefore,
    mcd_after_db: mcdAfter,
    f0_target_hz: f0Target,
    f0_converted_hz: f0Converted,
  };
}

/** Quality of a trained model on takes it has not seen (each with the base voice's rendering). */
export async function qualityFromHeldOut(
  model: VoiceModelData,
  pairs: TrainingPair[],
  opts: { signal?: AbortSignal } = {},
): Promise<HeldOutQuality> {
  const pacer = new Pacer(opts.signal);
  const analysed = [];
  for (const p of pairs) {
    analysed.push({
      take: await analyseFeatures(p.take, p.sampleRate, { framePeriodMs: 10, pacer, order: model.mcep.order, alpha: model.mcep.alpha }),
      base: await analyseFeatures(p.base, p.sampleRate, { framePeriodMs: 10, pacer, order: model.mcep.order, alpha: model.mcep.alpha }),
    });
  }
  return heldOutQuality(model.gmm, model.f0, model.gv, analysed, pacer);
}
