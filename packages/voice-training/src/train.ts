import type { BaseVoice } from './base-voice.ts';
import { dtwPath } from './dtw.ts';
import { analyseAll } from './analysis-pool.ts';
import { logF0Stats, MODEL_SAMPLE_RATE, type UtteranceFeatures } from './features.ts';
import { convertFrame, fitJointGmm, type JointGmm } from './gmm.ts';
import { averageSpeechVariance, type GlobalVariance } from './global-variance.ts';
import { MCEP_ALPHA, MCEP_ORDER } from './mel-cepstrum.ts';
import { Pacer } from './pacer.ts';
import { convertFeatures, heldOutQuality } from './quality.ts';
import type { TrainingPair } from './training-pair.ts';
import { VOICE_MODEL_FORMAT, VOICE_MODEL_VERSION, voiceModelDataSchema, type VoiceModelData } from './voice-model-data.ts';

export type TrainingStep = 'analysing' | 'aligning' | 'fitting' | 'evaluating' | 'done';

export interface TrainOptions {
  /** The default voice that rendered every `pair.base`. */
  baseVoice: BaseVoice;
  onProgress?: (percent: number, step: TrainingStep) => void;
  /** Abort to cancel: training stops within a few hundred ms with an AbortError. */
  signal?: AbortSignal;
  /** GMM mixtures (default 8) and EM iterations (default 15). */
  mixtures?: number;
  iterations?: number;
  /** Share of pairs held out for the quality score (default 0.15; none below 3 pairs). */
  heldOutFraction?: number;
  /** At most this many aligned frames go into EM (default 12000), evenly subsampled. */
  maxFrames?: number;
  /** Analysis hop for training (default 10 ms). */
  framePeriodMs?: number;
  /** DTW + EM passes; later passes align with the converted base (default 3). */
  alignmentPasses?: number;
  /** Worker threads for WORLD analysis (default min(2, cores)); 1 analyses in this thread. */
  workers?: number;
}

/**
 * DTW-aligned (base, take) frame pairs over speech, as c(1..order). With a model, the base frames
 * are converted before alignment; the pairs keep the unconverted base frames either way.
 */
async function alignedFrames(
  train: Array<{ take: UtteranceFeatures; base: UtteranceFeatures }>,
  order: number,
  pacer: Pacer,
  gmm?: JointGmm,
): Promise<{ xs: Float64Array[]; ys: Float64Array[] }> {
  const xs: Float64Array[] = [];
  const ys: Float64Array[] = [];
  for (const { take, base } of train) {
    const query = gmm
      ? base.mcep.map((c) => {
          const out = new Float64Array(order + 1);
          out.set(convertFrame(gmm, c.subarray(1, order + 1)), 1);
          return out;
        })
      : base.mcep;
    const path = await dtwPath(query, take.mcep, { from: 1, pacer });
    for (const [b, t] of path) {
      if (!base.speech[b] || !take.speech[t]) continue;
      xs.push(base.mcep[b]!.subarray(1, order + 1));
      ys.push(take.mcep[t]!.subarray(1, order + 1));
    }
  }
  return { xs, ys };
}

/** Even subsampling to at most `max` pairs: neighbouring 10 ms frames are nearly duplicates. */
function subsample(xs: Float64Array[], ys: Float64Array[], max: number): { x: Float64Array[]; y: Float64Array[] } {
  const stride = Math.max(1, xs.length / max);
  const x: Float64Array[] = [];
  const y: Float64Array[] = [];
  for (let p = 0; p < xs.length; p += stride) {
    x.push(xs[Math.floor(p)]!);
    y.push(ys[Math.floor(p)]!);
  }
  return { x, y };
}

/** Held-out indices spread evenly over the takes (deterministic, so a retrain gives the same split). */
export function heldOutIndices(count: number, fraction: number): Set<number> {
  if (count < 3 || fraction <= 0) return new Set();
  const n = Math.min(count - 2, Math.max(1, Math.round(count * fraction)));
  const out = new Set<number>();
  for (let i = 0; i < n; i++) out.add(Math.floor(((i + 0.5) * count) / n));
  return out;
}

/**
 * Trains a personal voice from parallel data (see docs/adr/0004-voice-conversion.md): WORLD
 * analysis of takes and base renderings, DTW alignment of mel-cepstra over speech frames, a
 * joint-density GMM of the aligned pairs, log-F0 statistics and the speaking-rate ratio, then
 * the quality score from held-out pairs.
 */
export async function trainVoiceModel(pairs: TrainingPair[], opts: TrainOptions): Promise<VoiceModelData> {
  const started = performance.now();
  if (pairs.length === 0) throw new Error('trainVoiceModel needs at least one recorded sentence');
  const pacer = new Pacer(opts.signal);
  const progress = (percent: number, step: TrainingStep) => opts.onProgress?.(Math.round(Math.min(100, Math.max(0, percent))), step);
  const framePeriodMs = opts.framePeriodMs ?? 10;
  const mixtures = opts.mixtures ?? 8;
  const iterations = opts.iterations ?? 15;
  const order = MCEP_ORDER;
  const alpha = MCEP_ALPHA;

  progress(0, 'analysing');
  pairs.forEach((p, i) => {
    if (p.take.length === 0 || p.base.length === 0) throw new Error(`pair ${i} has an empty recording`);
  });
  const inputs = pairs.flatMap((p) => [
    { samples: p.take, sampleRate: p.sampleRate },
    { samples: p.base, sampleRate: p.sampleRate },
  ]);
  const { features, threads } = await analyseAll(inputs, {
    framePeriodMs,
    order,
    alpha,
    pacer,
    signal: opts.signal,
    workers: opts.workers,
    onDone: (done) => progress((done / inputs.length) * 75, 'analysing'),
  });
  const analysed = pairs.map((_, i) => ({ take: features[2 * i]!, base: features[2 * i + 1]! }));

  const held = heldOutIndices(pairs.length, opts.heldOutFraction ?? 0.15);
  const train = analysed.filter((_, i) => !held.has(i));
  const test = analysed.filter((_, i) => held.has(i));

  // DTW on c(1..order) of the whole utterances, then keep pairs where both frames are speech.
  // A second pass re-aligns with the first model's converted base frames, which are closer to the
  // speaker than the raw base frames and so align better (iterative refinement, as in Stylianou 1998
  // and Toda 2007's training recipe).
  const takeSpeech = train.reduce((s, p) => s + p.take.speech.reduce((a, v) => a + v, 0), 0);
  const baseSpeech = train.reduce((s, p) => s + p.base.speech.reduce((a, v) => a + v, 0), 0);
  const maxFrames = opts.maxFrames ?? 12000;
  const passes = opts.alignmentPasses ?? 3;
  let gmm: JointGmm | undefined;
  let fitted = 0;
  for (let pass = 0; pass < passes; pass++) {
    const span = 20 / passes;
    const from = 75 + pass * span;
    progress(from, 'aligning');
    const { xs, ys } = await alignedFrames(train, order, pacer, gmm);
    if (xs.length < 20) throw new Error('too little speech in the recordings to train a voice');
    const { x, y } = subsample(xs, ys, maxFrames);
    fitted = x.length;
    progress(from + span * 0.2, 'fitting');
    gmm = await fitJointGmm(x, y, {
      mixtures,
      iterations,
      pacer,
      onIteration: (it) => progress(from + span * (0.2 + (0.8 * it) / Math.max(1, iterations)), 'fitting'),
    });
  }
  if (!gmm) throw new Error('alignmentPasses must be at least 1');

  const source = logF0Stats(train.map((p) => p.base.f0));
  const target = logF0Stats(train.map((p) => p.take.f0));
  const f0 = { source, target };
  const f0Model = {
    source: { mean: source.mean, std: source.std, medianHz: source.medianHz },
    target: { mean: target.mean, std: target.std, medianHz: target.medianHz },
  };

  progress(95, 'evaluating');
  // GV post-filter statistics: the speaker's, and those of the training bases converted by the
  // final model, whose ratio is the shrinkage the post-filter undoes (global-variance.ts).
  const convertedTrain: UtteranceFeatures[] = [];
  for (const p of train) {
    convertedTrain.push(convertFeatures(gmm, f0, p.base));
    await pacer.tick();
  }
  // Sanity: the converter must run on the training data too (catches NaN in the GMM early).
  if (convertedTrain.some((u) => u.mcep.some((c) => c.some((v) => !Number.isFinite(v))))) {
    throw new Error('training produced a non-finite model');
  }
  const gvTarget = averageSpeechVariance(train.map((p) => p.take), order);
  const gvConverted = averageSpeechVariance(convertedTrain, order);
  const gv: GlobalVariance | undefined = gvTarget && gvConverted ? { target: gvTarget, converted: gvConverted } : undefined;
  const quality = await heldOutQuality(gmm, f0Model, gv, test, pacer);

  const model: VoiceModelData = {
    format: VOICE_MODEL_FORMAT,
    version: VOICE_MODEL_VERSION,
    baseVoice: opts.baseVoice,
    sampleRate: MODEL_SAMPLE_RATE,
    mcep: { order, alpha },
    gmm,
    f0: f0Model,
    speakingRate: { ratio: baseSpeech > 0 && takeSpeech > 0 ? takeSpeech / baseSpeech : 1 },
    ...(gv ? { gv } : {}),
    training: {
      pairs: train.length,
      heldOutPairs: test.length,
      alignedFrames: fitted,
      mixtures: gmm.weights.length,
      iterations,
      seconds: (performance.now() - started) / 1000,
      analysisThreads: threads,
    },
    metadata: {
      sentence_count: pairs.length,
      quality_score: quality.quality_score,
      mcd_before_db: quality.mcd_before_db,
      mcd_after_db: quality.mcd_after_db,
    },
  };
  progress(100, 'done');
  return voiceModelDataSchema.parse(model);
}
