// @vitest-environment happy-dom
import { recordedSentenceSchema, voiceModelSchema, type RecordedSentence } from '@avatar-factory/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { voiceModelKeys } from '../api/query-keys';
import { TrainingSessionPanel } from './training-session-panel';

afterEach(cleanup);

const model = voiceModelSchema.parse({
  id: 'm1', name: 'My Voice', is_public: false, status: 'recording', created_at: '2026-11-21T10:00:00Z',
  metadata: { sentence_count: 2, quality_score: null, language: 'ja', error: null },
});

function take(sentenceId: string, status: RecordedSentence['status']): RecordedSentence {
  return recordedSentenceSchema.parse({
    id: `take-${sentenceId}`, sentence_id: sentenceId, text: `文${sentenceId}`, status,
    error_message: null, quality_score: status === 'ready' ? 0.9 : null, created_at: '2026-11-21T10:05:00Z',
  });
}

/** Every answer the panel reads is in the cache already (and never stale), so nothing is fetched. */
function renderPanel(takes: RecordedSentence[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(voiceModelKeys.config(), { minRecordings: 2, requiredRecordings: 3, progressThresholds: { poor: 30, medium: 70 } });
  client.setQueryData(voiceModelKeys.suggested('ja'), ['s1', 's2', 's3', 's4'].map((id) => ({ id, text: `文${id}` })));
  client.setQueryData(voiceModelKeys.sentences(model.id), takes);
  return render(
    <QueryClientProvider client={client}>
      <TrainingSessionPanel model={model} />
    </QueryClientProvider>,
  );
}

describe('TrainingSessionPanel header', () => {
  it("asks for N sentences, N being the required count (the 'all N sentences' of the Quality Warning)", () => {
    renderPanel([take('s1', 'ready')]);
    expect(screen.getByRole('heading', { name: 'Voice Training Progress' })).toBeTruthy();
    expect(screen.getByText('1/3 Required')).toBeTruthy();
    expect(screen.getByText('Record at least 3 sentences to complete the training')).toBeTruthy();
    expect(screen.queryByText('Start Training')).toBeNull();
  });

  it('shows Start Training at the minimum, counting distinct ready sentences only', () => {
    renderPanel([take('s1', 'ready'), take('s2', 'ready'), take('s3', 'failed')]);
    expect(screen.getByText('2/3 Required')).toBeTruthy();
    expect(screen.getByText('Record at least 3 sentences to complete the training')).toBeTruthy();
    expect(screen.getByText('You have completed the minimum required recordings (2/2) to start training.')).toBeTruthy();
    expect(screen.getByText('Quality Warning')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Sentence \d/ }).map((b) => b.textContent?.slice(0, 10))).toEqual(['Sentence 1', 'Sentence 2', 'Sentence 3']);
  });
});
