import type { TrainingConfig } from '@avatar-factory/contracts';

export type ProgressColour = 'red' | 'yellow' | 'green';

/** Share of the required recordings done, as a percentage clamped to the spec's 0-100 range. */
export function progressPercent(done: number, required: number): number {
  if (required <= 0) return 100;
  return Math.min(100, Math.max(0, (done / required) * 100));
}

/**
 * Progress colour: red at or below the poor threshold, yellow at or below the medium
 * threshold, otherwise green (thresholds are percentages of the required recordings).
 */
export function progressColour(percent: number, thresholds: TrainingConfig['progressThresholds']): ProgressColour {
  if (percent <= thresholds.poor) return 'red';
  if (percent <= thresholds.medium) return 'yellow';
  return 'green';
}
