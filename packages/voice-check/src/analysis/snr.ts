import { rmsDbfs } from './level.ts';

export interface SnrResult {
  /** Median level of the frames the VAD marked as speech, dBFS. */
  speechDb: number;
  /** Noise floor: 10th percentile of all frame levels, dBFS. */
  noiseDb: number;
  snrDb: number;
  /** Level of every frame, dBFS. */
  frameDb: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return -120;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))));
  return sorted[idx] ?? -120;
}

/**
 * Segmental SNR estimate (the usual "speech frames vs noise-floor frames" approach): the median
 * level of speech frames against the 10th percentile of all frame levels. Taking the floor from a
 * low percentile of all frames, not just the non-speech ones, still works on tightly trimmed
 * takes that have almost no pause; for a take made only of stationary noise, speech and floor
 * meet and the SNR drops toward a few dB.
 */
export function estimateSnr(samples: Float32Array, speech: boolean[], frameLength: number): SnrResult {
  const frameDb: number[] = [];
  const speechLevels: number[] = [];
  for (let f = 0; f < speech.length; f++) {
    const db = rmsDbfs(samples, f * frameLength, (f + 1) * frameLength);
    frameDb.push(db);
    if (speech[f]) speechLevels.push(db);
  }
  const all = [...frameDb].sort((a, b) => a - b);
  speechLevels.sort((a, b) => a - b);
  const speechDb = speechLevels.length > 0 ? percentile(speechLevels, 0.5) : percentile(all, 0.9);
  const noiseDb = percentile(all, 0.1);
  return { speechDb, noiseDb, snrDb: speechDb - noiseDb, frameDb };
}
