import { recordedSentenceRowsSchema, type RecordedSentence } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** GET /api/voice-models/{id}/sentences: the model's takes (one per sentence_id). */
export function getRecordedSentences(modelId: string, signal?: AbortSignal): Promise<RecordedSentence[]> {
  return apiRequest(`/voice-models/${encodeURIComponent(modelId)}/sentences`, { schema: recordedSentenceRowsSchema, signal });
}

/**
 * The takes of the open model. Takes still processing when the page was (re)opened have no upload
 * poll following them, so the list refreshes itself slowly (every 3 s) while any is processing.
 */
export function useRecordedSentences(modelId: string) {
  return useQuery({
    queryKey: voiceModelKeys.sentences(modelId),
    queryFn: ({ signal }) => getRecordedSentences(modelId, signal),
    refetchInterval: (query) => (query.state.data?.some((take) => take.status === 'processing') ? 3000 : false),
  });
}
