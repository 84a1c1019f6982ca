import { avatarSpeakRequestSchema, speechResponseSchema, type SpeechResponse } from '@avatar-factory/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/avatars/{id}/greeting: the greeting made when the avatar was generated. */
export function getAvatarGreeting(avatarId: string, signal?: AbortSignal): Promise<SpeechResponse> {
  return apiRequest(`/avatars/${encodeURIComponent(avatarId)}/greeting`, { schema: speechResponseSchema, signal });
}

/** POST /api/avatars/{id}/speak: the text said in the avatar's current voice. */
export function speakAsAvatar(avatarId: string, text: string): Promise<SpeechResponse> {
  return apiRequest(`/avatars/${encodeURIComponent(avatarId)}/speak`, {
    method: 'POST',
    body: { kind: 'json', value: avatarSpeakRequestSchema.parse({ text }) },
    schema: speechResponseSchema,
  });
}
