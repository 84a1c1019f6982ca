import { apiRoute, voiceModelSchema, type CreateVoiceModelRequest, type VoiceModel } from '@avatar-factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** POST /api/voice-models: a new model is always private (is_public false). */
export function createVoiceModel(input: Omit<CreateVoiceModelRequest, 'is_public'>): Promise<VoiceModel> {
  return apiRequest(apiRoute('createVoiceModel'), {
    body: { kind: 'json', value: { ...input, is_public: false } },
    schema: voiceModelSchema,
  });
}

export function useCreateVoiceModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoiceModel,
    onSuccess: (model) => {
      queryClient.setQueryData<VoiceModel[]>(voiceModelKeys.list(), (models) => [model, ...(models ?? [])]);
      void queryClient.invalidateQueries({ queryKey: voiceModelKeys.list() });
    },
  });
}
