import { THRESHOLDS as T } from './thresholds.ts';

/** Linear ramp: 0 at `bad`, 1 at `good` (either direction), clamped. */
export function ramp(value: number, bad: number, good: number): number {
  if (!Number.isFinite(value)) return 0;
  const t = (value - bad) / (good - bad);
  return Math.min(1, Math.max(0, t));
}

export interface SubScores {
  level: number;
  clipping: number;
  snr: number;
  duration: number;
  /** null when no reference was given. */
  match: number | null;
}

/** Weights of the quality score (README.md documents the formula). */
export const WEIGHTS = { level: 0.15, clipping: 0.1, snr: 0.3, duration: 0.15, match: 0.3 } as const;

export function subScores(m: {
  speechDbfs: number;
  clippingRatio: number;
  snrDb: number;
  durationRatio: number;
  alignmentRatio: number | null;
}): SubScores {
  const [lo, hi] = T.goodDurationRatio;
  const duration =
    m.durationRatio < lo ? ramp(m.durationRatio, T.minDurationRatio, lo) : m.durationRatio > hi ? ramp(m.durationRatio, T.maxDurationRatio, hi) : 1;
  return {
    level: ramp(m.speechDbfs, T.minSpeechDbfs, T.goodSpeechDbfs),
    clipping: ramp(m.clippingRatio, T.maxClippingRatio, 0),
    snr: ramp(m.snrDb, T.minSnrDb, T.goodSnrDb),
    duration,
    match: m.alignmentRatio === null ? null : ramp(m.alignmentRatio, T.maxAlignmentRatio, T.goodAlignmentRatio),
  };
}

/**
 * qualityScore = sum(w_k * s_k) / sum(w_k) over the sub-scores present (match only with a
 * reference), each s_k a linear ramp from its fail threshold (0) to its "good" point (1).
 */
export function qualityScore(s: SubScores): number {
  let num = WEIGHTS.level * s.level + WEIGHTS.clipping * s.clipping + WEIGHTS.snr * s.snr + WEIGHTS.duration * s.duration;
  let den = WEIGHTS.level + WEIGHTS.clipping + WEIGHTS.snr + WEIGHTS.duration;
  if (s.match !== null) {
    num += WEIGHTS.match * s.match;
    den += WEIGHTS.match;
  }
  return Math.round((num / den) * 1000) / 1000;
}
