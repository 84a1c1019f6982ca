import type { TrainingConfig } from '@avatar-factory/contracts';

export const DEFAULT_TRAINING_CONFIG: TrainingConfig = {
  minRecordings: 10,
  requiredRecordings: 30,
  progressThresholds: { poor: 30, medium: 70 },
};

/** Largest count we accept: the Japanese and English sets each have 36 sentences. */
export const MAX_RECORDINGS = 36;

/**
 * Recording targets of the Voice Training Session: the defaults, or the counts the application
 * passes (the server's VOICE_MIN_RECORDINGS and VOICE_REQUIRED_RECORDINGS, validated by its config
 * schema). A small required count pulls the default minimum down with it. Out-of-range counts
 * throw a RangeError: they are a caller's mistake, never silently replaced.
 */
export function trainingConfig(counts: { minRecordings?: number; requiredRecordings?: number } = {}): TrainingConfig {
  const requiredRecordings = counts.requiredRecordings ?? DEFAULT_TRAINING_CONFIG.requiredRecordings;
  const minRecordings = counts.minRecordings ?? Math.min(DEFAULT_TRAINING_CONFIG.minRecordings, requiredRecordings);
  for (const [name, value] of [['requiredRecordings', requiredRecordings], ['minRecordings', minRecordings]] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_RECORDINGS) throw new RangeError(`${name} must be a whole number from 1 to ${MAX_RECORDINGS}, got ${value}`);
  }
  if (minRecordings > requiredRecordings) throw new RangeError(`minRecordings (${minRecordings}) must not exceed requiredRecordings (${requiredRecordings})`);
  return { minRecordings, requiredRecordings, progressThresholds: { ...DEFAULT_TRAINING_CONFIG.progressThresholds } };
}
