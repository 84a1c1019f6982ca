import { envelopeToMcep, MCEP_ALPHA, MCEP_ORDER } from './mel-cepstrum.ts';
import type { Pacer } from './pacer.ts';
import { resample } from './resample.ts';
import { analyse, type WorldFrames } from './world-vocoder.ts';

/** The analysis rate of every model: enough bandwidth for speech, and what recorded takes use. */
export const MODEL_SAMPLE_RATE = 16000;

/** Frames quieter than this below the utterance's loud frames are pauses, not speech. */
const SPEECH_RANGE_DB = 35;

/** What training and scoring need of an utterance (no spectra: 30 takes of those weigh ~100 MB). */
export interface UtteranceFeatures {
  /** F0 per frame (Hz, 0 = unvoiced). */
  f0: Float64Array;
  /** Mel-cepstrum c(0..order) per frame. */
  mcep: Float64Array[];
  /** 1 for frames that carry speech (energy within SPEECH_RANGE_DB of the loud frames). */
  speech: Uint8Array;
}

export interface Features extends UtteranceFeatures {
  frames: WorldFrames;
  /** Mel-cepstrum c(0..order) per frame. */
  mcep: Float64Array[];
  /** 1 for frames that carry speech (energy within SPEECH_RANGE_DB of the loud frames). */
  speech: Uint8Array;
}

export async function analyseFeatures(
  samples: Float32Array,
  sampleRate: number,
  opts: { framePeriodMs: number; pacer?: Pacer; order?: number; alpha?: number },
): Promise<Features> {
  const x = await resample(samples, sampleRate, MODEL_SAMPLE_RATE);
  const frames = await analyse(x, MODEL_SAMPLE_RATE, { framePeriodMs: opts.framePeriodMs, pacer: opts.pacer });
  const mcep: Float64Array[] = [];
  for (let i = 0; i < frames.envelope.length; i++) {
    mcep.push(envelopeToMcep(frames.envelope[i]!, opts.order ?? MCEP_ORDER, opts.alpha ?? MCEP_ALPHA));
    if (opts.pacer && (i & 63) === 63) await opts.pacer.tick();
  }
  return { frames, f0: frames.f0, mcep, speech: speechMask(mcep) };
}

/** c(0) is the mean log amplitude (nepers): compare it with the 95th percentile of the utterance. */
export function speechMask(mcep: Float64Array[]): Uint8Array {
  const c0 = mcep.map((c) => c[0]!).sort((a, b) => a - b);
  const loud = c0[Math.floor(0.95 * (c0.length - 1))] ?? 0;
  const floor = loud - (SPEECH_RANGE_DB / 20) * Math.LN10;
  return Uint8Array.from(mcep, (c) => (c[0]! >= floor ? 1 : 0));
}

export interface LogF0Stats {
  /** Mean and standard deviation of ln(F0 / Hz) over voiced frames. */
  mean: number;
  std: number;
  medianHz: number;
  voicedFrames: number;
}

export function logF0Stats(f0s: ArrayLike<number>[]): LogF0Stats {
  const logs: number[] = [];
  for (const f0 of f0s) for (let i = 0; i < f0.length; i++) if (f0[i]! > 0) logs.push(Math.log(f0[i]!));
  if (logs.length === 0) return { mean: 0, std: 0, medianHz: 0, voicedFrames: 0 };
  const mean = logs.reduce((s, v) => s + v, 0) / logs.length;
  const std = Math.sqrt(logs.reduce((s, v) => s + (v - mean) ** 2, 0) / logs.length);
  logs.sort((a, b) => a - b);
  return { mean, std, medianHz: Math.exp(logs[Math.floor(logs.length / 2)]!), voicedFrames: logs.length };
}

/** Median F0 (Hz, WORLD DIO) of a recording; 0 when nothing is voiced. */
export async function medianF0(samples: Float32Array, sampleRate: number): Promise<number> {
  const x = await resample(samples, sampleRate, MODEL_SAMPLE_RATE);
  const frames = await analyse(x, MODEL_SAMPLE_RATE, { framePeriodMs: 10 });
  return logF0Stats([frames.f0]).medianHz;
}
