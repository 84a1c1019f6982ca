import { apiRoute, avatarVoiceModelSchema, setAvatarVoiceModelRequestSchema, type AvatarVoiceModel } from '@avatar-factory/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const avatarVoiceModelQueryKey = (avatarId: string) => ['avatars', avatarId, 'voice-model'] as const;

/** GET /api/avatars/{id}/voice-model. */
export function getAvatarVoiceModel(avatarId: string, signal?: AbortSignal): Promise<AvatarVoiceModel> {
  return apiRequest(apiRoute('getAvatarVoiceModel', { avatarId }), { schema: avatarVoiceModelSchema, signal });
}

export function useAvatarVoiceModel(avatarId: string) {
  return useQuery({ queryKey: avatarVoiceModelQueryKey(avatarId), queryFn: ({ signal }) => getAvatarVoiceModel(avatarId, signal) });
}

/** POST /api/avatars/{id}/voice-model {voice_model_id}: the avatar speaks with it from then on. */
export function setAvatarVoiceModel(avatarId: string, voiceModelId: string): Promise<AvatarVoiceModel> {
  return apiRequest(apiRoute('setAvatarVoiceModel', { avatarId }), {
    body: { kind: 'json', value: setAvatarVoiceModelRequestSchema.parse({ voice_model_id: voiceModelId }) },
    schema: avatarVoiceModelSchema,
  });
}

export function useSetAvatarVoiceModel(avatarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (voiceModelId: string) => setAvatarVoiceModel(avatarId, voiceModelId),
    onSuccess: (answer) => queryClient.setQueryData(avatarVoiceModelQueryKey(avatarId), answer),
  });
}
