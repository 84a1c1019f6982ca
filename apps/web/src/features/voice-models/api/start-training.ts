import { apiRoute, trainResponseSchema, type VoiceModel } from '@avatar-factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** POST /api/voice-models/{id}/train: 202 {status:'training'}. */
export function startTraining(modelId: string) {
  return apiRequest(apiRoute('startTraining', { id: modelId }), { schema: trainResponseSchema });
}

export function useStartTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTraining,
    onSuccess: (_answer, modelId) => {
      queryClient.setQueryData<VoiceModel[]>(voiceModelKeys.list(), (models) =>
        models?.map((model) => (model.id === modelId ? { ...model, status: 'training' } : model)),
      );
    },
  });
}
