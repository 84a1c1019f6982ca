import type { TrainingConfig } from '@avatar-factory/contracts';

export const DEFAULT_TRAINING_CONFIG: TrainingConfig = {
  minRecordings: 10,
  requiredRecordings: 30,
  progressThresholds: { poor: 30, medium: 70 },
};

/** Largest count we accept: the Japanese and English sets each have 36 sentences. */
export const MAX_RECORDINGS = 36;

function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new Error(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw.trim());
  if (n < 1 || n > MAX_RECORDINGS) throw new Error(`${name} must be between 1 and ${MAX_RECORDINGS}, got ${n}`);
  return n;
}

/**
 * Recording targets of the Voice Training Session. VOICE_MIN_RECORDINGS and
 * VOICE_REQUIRED_RECORDINGS override the defaults (tests use small values); invalid values throw
 * at start-up rather than silently falling back.
 */
export function trainingConfig(env: NodeJS.ProcessEnv = process.env): TrainingConfig {
  const requiredRecordings = readCount(env, 'VOICE_REQUIRED_RECORDINGS', DEFAULT_TRAINING_CONFIG.requiredRecordings);
  const minRecordings = readCount(env, 'VOICE_MIN_RECORDINGS', Math.min(DEFAULT_TRAINING_CONFIG.minRecordings, requiredRecordings));
  if (minRecordings > requiredRecordings) {
    throw new Error(`VOICE_MIN_RECORDINGS (${minRecordings}) must not exceed VOICE_REQUIRED_RECORDINGS (${requiredRecordings})`);
  }
  return { minRecordings, requiredRecordings, progressThresholds: { ...DEFAULT_TRAINING_CONFIG.progressThresholds } };
}
