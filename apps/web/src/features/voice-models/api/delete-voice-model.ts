import { apiRoute } from '@avatar-factory/contracts';
import type { VoiceModel } from '@avatar-factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** DELETE /api/voice-models/{id}: 204; avatars using it fall back to their default voice. */
export function deleteVoiceModel(modelId: string): Promise<undefined> {
  return apiRequest(apiRoute('deleteVoiceModel', { id: modelId }));
}

export function useDeleteVoiceModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVoiceModel,
    onSuccess: (_answer, modelId) => {
      queryClient.setQueryData<VoiceModel[]>(voiceModelKeys.list(), (models) => models?.filter((model) => model.id !== modelId));
      queryClient.removeQueries({ queryKey: [...voiceModelKeys.all, modelId] });
    },
  });
}
