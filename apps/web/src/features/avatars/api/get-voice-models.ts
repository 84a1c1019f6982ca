import { apiRoute, voiceModelRowsSchema, type VoiceModel } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Own key: this screen only reads the list; the Voice Models screen keeps its own cache. */
export const voiceModelsQueryKey = ['avatars', 'voice-model-choices'] as const;

/** GET /api/voice-models: the caller's models, newest first. */
export function getVoiceModels(signal?: AbortSignal): Promise<VoiceModel[]> {
  return apiRequest(apiRoute('listVoiceModels'), { schema: voiceModelRowsSchema, signal });
}

export function useVoiceModels() {
  return useQuery({ queryKey: voiceModelsQueryKey, queryFn: ({ signal }) => getVoiceModels(signal) });
}

/** Only models in status ready can speak. */
export function readyModels(models: readonly VoiceModel[] | undefined): VoiceModel[] {
  return (models ?? []).filter((model) => model.status === 'ready');
}
