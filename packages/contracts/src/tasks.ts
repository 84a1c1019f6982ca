import { z } from 'zod';
import { isStorableText, storableTextMessage } from './text';

export const taskStatusSchema = z.enum(['processing', 'completed', 'failed']);
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export const deployStatusSchema = z.enum(['ready', 'deploying', 'deployed']);
export type DeployStatus = z.infer<typeof deployStatusSchema>;
export const voiceTypeSchema = z.enum(['female', 'male', 'custom']);
export type VoiceType = z.infer<typeof voiceTypeSchema>;

export const taskResultSchema = z.object({
  message: z.string(),
  preview_url: z.string().nullable(),
  deploy_status: deployStatusSchema,
});
export type TaskResult = z.infer<typeof taskResultSchema>;

export const taskSchema = z.object({
  taskId: z.string(),
  avatarName: z.string(),
  status: taskStatusSchema,
  progress: z.number().int().min(0).max(100),
  currentStep: z.string(),
  message: z.string(),
  voice_type: voiceTypeSchema,
  voice_model_id: z.string().nullable(),
  enable_lipsync: z.boolean(),
  created_at: z.string(),
  result: taskResultSchema.nullable(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = z.array(taskSchema);

/** Text fields of the multipart POST /api/avatars (the file travels beside them). */
export const createAvatarFieldsSchema = z
  .object({
    avatar_name: z.string().trim().min(1).max(100).refine(isStorableText, storableTextMessage),
    enable_lipsync: z.enum(['true', 'false']).default('true'),
    voice_type: voiceTypeSchema,
    voice_model_id: z.string().min(1).max(64).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.voice_type === 'custom' && !value.voice_model_id) {
      ctx.addIssue({ code: 'custom', path: ['voice_model_id'], message: 'voice_model_id is required with the custom voice' });
    }
    if (value.voice_type !== 'custom' && value.voice_model_id) {
      ctx.addIssue({ code: 'custom', path: ['voice_model_id'], message: 'voice_model_id is only allowed with the custom voice' });
    }
  });
export type CreateAvatarFields = z.input<typeof createAvatarFieldsSchema>;

export const createAvatarResponseSchema = z.object({ taskId: z.string(), avatarName: z.string() });
export type CreateAvatarResponse = z.infer<typeof createAvatarResponseSchema>;

/** Upload limits shared by client validation and the server (spec §5, §9). */
export const imageLimits = {
  maxBytes: 10485760,
  minWidth: 512,
  minHeight: 512,
  /** Decompression-bomb guard: no real photo of at most 10 MB has more pixels than this. */
  maxPixels: 100_000_000,
  minAspectRatio: 0.7,
  maxAspectRatio: 1.5,
  minBrightness: 40,
  maxBrightness: 240,
  blurThreshold: 5,
  faceDetectionTimeoutMs: 10000,
  faceMinConfidence: 0.5,
} as const;

export const taskPollIntervalMs = 5000;
