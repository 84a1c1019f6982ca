import { z } from 'zod';
import { taskStatusSchema, voiceTypeSchema } from './tasks';

export const avatarSchema = z.object({
  avatarId: z.string(),
  avatarName: z.string(),
  previewUrl: z.string().nullable(),
  status: taskStatusSchema,
  created_at: z.string(),
});
export type Avatar = z.infer<typeof avatarSchema>;

export const avatarVoiceModelSchema = z.object({
  voice_model_id: z.string().nullable(),
  voice_type: voiceTypeSchema,
});
export type AvatarVoiceModel = z.infer<typeof avatarVoiceModelSchema>;

export const setAvatarVoiceModelRequestSchema = z.object({
  voice_model_id: z.string().min(1).max(64),
});
export type SetAvatarVoiceModelRequest = z.infer<typeof setAvatarVoiceModelRequestSchema>;
