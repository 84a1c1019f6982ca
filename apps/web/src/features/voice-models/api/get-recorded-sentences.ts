import { apiRoute, recordedSentenceRowsSchema, voicePolling, type RecordedSentence } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** GET /api/voice-models/{id}/sentences: the model's takes (one per sentence_id). */
export function getRecordedSentences(modelId: string, signal?: AbortSignal): Promise<RecordedSentence[]> {
  return apiRequest(apiRoute('listTakes', { id: modelId }), { schema: recordedSentenceRowsSchema, signal });
}

/**
 * The takes of the open model, re-polled every 1 s while any is still processing or `following`
 * (an upload being followed whose take may not be listed yet): the one polling of this list,
 * shared by the upload follow-up and takes left processing by an earlier visit.
 */
export function useRecordedSentences(modelId: string, { following = false } = {}) {
  return useQuery({
    queryKey: voiceModelKeys.sentences(modelId),
    queryFn: ({ signal }) => getRecordedSentences(modelId, signal),
    refetchInterval: (query) =>
      following || query.state.data?.some((take) => take.status === 'processing') ? voicePolling.recordingIntervalMs : false,
  });
}
