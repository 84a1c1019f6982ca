import { apiRoute, voiceModelRowsSchema, voicePolling, type VoiceModel } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** GET /api/voice-models: the caller's models, newest first. */
export function getVoiceModels(signal?: AbortSignal): Promise<VoiceModel[]> {
  return apiRequest(apiRoute('listVoiceModels'), { schema: voiceModelRowsSchema, signal });
}

/** While any model is training the list is re-polled every 5 s. */
export function useVoiceModels() {
  return useQuery({
    queryKey: voiceModelKeys.list(),
    queryFn: ({ signal }) => getVoiceModels(signal),
    refetchInterval: (query) =>
      query.state.data?.some((model) => model.status === 'training') ? voicePolling.modelListIntervalMs : false,
  });
}
