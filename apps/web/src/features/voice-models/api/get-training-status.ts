import { apiRoute, voiceModelStatusResponseSchema, voicePolling, type VoiceModelStatusResponse } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** GET /api/voice-models/{id}/status: {status, progress, metadata}. */
export function getTrainingStatus(modelId: string, signal?: AbortSignal): Promise<VoiceModelStatusResponse> {
  return apiRequest(apiRoute('trainingStatus', { id: modelId }), { schema: voiceModelStatusResponseSchema, signal });
}

/** The training status is polled every 5 s while the model trains (enabled only then). */
export function useTrainingStatus(modelId: string, enabled: boolean) {
  return useQuery({
    queryKey: voiceModelKeys.status(modelId),
    queryFn: ({ signal }) => getTrainingStatus(modelId, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'training' || !query.state.data ? voicePolling.trainingIntervalMs : false),
  });
}
