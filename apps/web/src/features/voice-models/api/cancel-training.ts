import { apiRoute, cancelResponseSchema, type VoiceModel } from '@avatar-factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** POST /api/voice-models/{id}/cancel: the running training stops within 2 s. */
export function cancelTraining(modelId: string) {
  return apiRequest(apiRoute('cancelTraining', { id: modelId }), { schema: cancelResponseSchema });
}

/** Cancel sets the model to failed locally at once. */
export function useCancelTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTraining,
    onSuccess: (_answer, modelId) => {
      queryClient.setQueryData<VoiceModel[]>(voiceModelKeys.list(), (models) =>
        models?.map((model) => (model.id === modelId ? { ...model, status: 'failed' } : model)),
      );
    },
  });
}
