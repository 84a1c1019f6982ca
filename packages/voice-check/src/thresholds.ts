/**
 * Pass/fail limits of a take and the points where a sub-score reaches 1, calibrated on the real
 * English fixtures and on Open JTalk voices for Japanese. README.md ("Thresholds") gives the
 * measured figures and the reasoning for each.
 */
export const THRESHOLDS = {
  /** Longer runs of full-scale samples than this share of the take: clipped. */
  maxClippingRatio: 0.01,
  /** Less VAD speech than this (ms) in the whole take: no speech. */
  minSpeechMs: 100,
  /** ...or less than this share of the trimmed take marked as speech. */
  minSpeechShare: 0.15,
  /** Median level of speech frames below this: too quiet. */
  minSpeechDbfs: -42,
  /** Speech level at which the level sub-score is 1. */
  goodSpeechDbfs: -30,
  /** Segmental SNR below this: too noisy. */
  minSnrDb: 10,
  goodSnrDb: 30,
  /** Duration / expected duration below this: too short (reading faster than ~18 morae/s or 9.5 syllables/s). */
  minDurationRatio: 0.42,
  /** ... above this: not the sentence (or long pauses/other words). */
  maxDurationRatio: 3,
  /** Duration ratios inside this range get the full duration sub-score. */
  goodDurationRatio: [0.7, 1.6] as const,
  /** Alignment ratio (rank-normalised DTW vs reversed reference) above this: does not match the sentence. */
  maxAlignmentRatio: 0.77,
  goodAlignmentRatio: 0.55,
} as const;
