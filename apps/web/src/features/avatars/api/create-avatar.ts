import { apiRoute, createAvatarFieldsSchema, createAvatarResponseSchema, type CreateAvatarResponse, type VoiceType } from '@avatar-factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type CreateAvatarInput = {
  file: File;
  avatarName: string;
  enableLipsync: boolean;
  voiceType: VoiceType;
  voiceModelId: string | null;
};

/** POST /api/avatars multipart; voice_model_id only with custom. */
export function createAvatar(input: CreateAvatarInput): Promise<CreateAvatarResponse> {
  const fields = createAvatarFieldsSchema.parse({
    avatar_name: input.avatarName,
    enable_lipsync: input.enableLipsync ? 'true' : 'false',
    voice_type: input.voiceType,
    ...(input.voiceType === 'custom' && input.voiceModelId ? { voice_model_id: input.voiceModelId } : {}),
  });
  const form = new FormData();
  form.append('file', input.file);
  form.append('avatar_name', fields.avatar_name);
  form.append('enable_lipsync', fields.enable_lipsync);
  form.append('voice_type', fields.voice_type);
  if (fields.voice_model_id) form.append('voice_model_id', fields.voice_model_id);
  return apiRequest(apiRoute('createAvatar'), { body: { kind: 'multipart', value: form }, schema: createAvatarResponseSchema });
}

export function useCreateAvatar() {
  return useMutation({ mutationFn: createAvatar });
}
