import type { RecordedSentence } from '@avatar-factory/contracts';
import { describe, expect, it } from 'vitest';
import { canStartTraining, countReadySentences, formatQuality, latestTakeFor, sentenceLabel } from './recording-progress';

function take(sentence_id: string, status: RecordedSentence['status'], created_at = '2026-01-01T00:00:00Z'): RecordedSentence {
  return { id: `${sentence_id}-${status}-${created_at}`, sentence_id, text: 'あ', status, error_message: null, quality_score: null, created_at };
}

describe('counting recordings', () => {
  it('counts only ready takes, each sentence_id once', () => {
    const takes = [take('ja-01', 'ready'), take('ja-01', 'ready'), take('ja-02', 'failed'), take('ja-03', 'processing'), take('ja-04', 'ready')];
    expect(countReadySentences(takes)).toBe(2);
    expect(countReadySentences([])).toBe(0);
  });

  it('enables training once the ready count reaches minRecordings', () => {
    expect(canStartTraining(1, 2)).toBe(false);
    expect(canStartTraining(2, 2)).toBe(true);
    expect(canStartTraining(3, 2)).toBe(true);
  });
});

describe('sentence card label', () => {
  it('maps take states to the four labels', () => {
    expect(sentenceLabel(undefined)).toBe('Not recorded');
    expect(sentenceLabel(take('a', 'ready'))).toBe('Completed');
    expect(sentenceLabel(take('a', 'failed'))).toBe('Failed');
    expect(sentenceLabel(take('a', 'processing'))).toBe('Processing');
  });

  it('reads Processing while an upload is in flight, even over an older result', () => {
    expect(sentenceLabel(undefined, true)).toBe('Processing');
    expect(sentenceLabel(take('a', 'failed'), true)).toBe('Processing');
  });

  it('shows the newest take of a sentence', () => {
    const takes = [take('a', 'failed', '2026-01-01T00:00:00Z'), take('a', 'ready', '2026-01-02T00:00:00Z'), take('b', 'processing')];
    expect(latestTakeFor(takes, 'a')?.status).toBe('ready');
    expect(latestTakeFor(takes, 'c')).toBeUndefined();
  });

  it('rounds the quality score to a whole percentage', () => {
    expect(formatQuality(0.876)).toBe('88%');
    expect(formatQuality(0)).toBe('0%');
    expect(formatQuality(1)).toBe('100%');
  });
});
