import { apiRoute, avatarSpeakRequestSchema, speechResponseSchema, type SpeechResponse } from '@avatar-factory/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/avatars/{id}/greeting: the greeting made when the avatar was generated. */
export function getAvatarGreeting(avatarId: string, signal?: AbortSignal): Promise<SpeechResponse> {
  return apiRequest(apiRoute('avatarGreeting', { avatarId }), { schema: speechResponseSchema, signal });
}

/** POST /api/avatars/{id}/speak: the text said in the avatar's current voice. */
export function speakAsAvatar(avatarId: string, text: string): Promise<SpeechResponse> {
  return apiRequest(apiRoute('avatarSpeak', { avatarId }), {
    body: { kind: 'json', value: avatarSpeakRequestSchema.parse({ text }) },
    schema: speechResponseSchema,
  });
}
