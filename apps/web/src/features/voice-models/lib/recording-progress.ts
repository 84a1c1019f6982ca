import type { RecordedSentence } from '@avatar-factory/contracts';

/** Only takes in status ready count toward progress, each sentence_id once. */
export function countReadySentences(takes: readonly RecordedSentence[]): number {
  return new Set(takes.filter((take) => take.status === 'ready').map((take) => take.sentence_id)).size;
}

/** Start Training: enabled once the distinct ready sentences reach minRecordings. */
export function canStartTraining(readyCount: number, minRecordings: number): boolean {
  return readyCount >= minRecordings;
}

/**
 * The take shown for a sentence: the newest one with that sentence_id (the server replaces a
 * re-recorded take in place, but the newest wins should two rows ever exist).
 */
export function latestTakeFor(takes: readonly RecordedSentence[], sentenceId: string): RecordedSentence | undefined {
  let latest: RecordedSentence | undefined;
  for (const take of takes) {
    if (take.sentence_id !== sentenceId) continue;
    if (!latest || take.created_at > latest.created_at) latest = take;
  }
  return latest;
}

export type SentenceLabel = 'Completed' | 'Failed' | 'Processing' | 'Not recorded';

/** The status label of a sentence card: an upload in flight reads as Processing. */
export function sentenceLabel(take: RecordedSentence | undefined, uploading = false): SentenceLabel {
  if (uploading) return 'Processing';
  if (!take) return 'Not recorded';
  if (take.status === 'ready') return 'Completed';
  if (take.status === 'failed') return 'Failed';
  return 'Processing';
}

/** A quality score of 0..1 as the spec's rounded percentage, e.g. 0.876 -> '88%'. */
export function formatQuality(score: number): string {
  return `${Math.round(score * 100)}%`;
}
