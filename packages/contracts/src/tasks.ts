import { z } from 'zod';
import { rowsOf } from './rows';
import { isStorableText, storableTextMessage } from './text';

export const taskStatusSchema = z.enum(['processing', 'completed', 'failed']);
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export const deployStatusSchema = z.enum(['ready', 'deploying', 'deployed']);
export type DeployStatus = z.infer<typeof deployStatusSchema>;
export const voiceTypeSchema = z.enum(['female', 'male', 'custom']);
export type VoiceType = z.infer<typeof voiceTypeSchema>;

/**
 * What the owner confirmed before going public, as the task shows it: when, and
 * whether it covered the voice (an avatar speaking with a personal voice model). Null: nothing
 * confirmed yet (the web app asks before a deploy; the spec's body-less call confirms nothing).
 */
export const deployConsentRecordSchema = z.object({
  confirmed_at: z.string(),
  voice: z.boolean(),
});
export type DeployConsentRecord = z.infer<typeof deployConsentRecordSchema>;

export const taskResultSchema = z.object({
  message: z.string(),
  preview_url: z.string().nullable(),
  deploy_status: deployStatusSchema,
  deploy_consent: deployConsentRecordSchema.nullable(),
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

/**
 * A task as the web client reads it. A status the client does not know shows as 'idle';
 * a voice type or deploy status it does not know is kept as text (shown as no deploy control), so
 * a newer server never breaks an older client's list.
 */
export const taskViewStatusSchema = z.enum(['processing', 'completed', 'failed', 'idle']);
export type TaskViewStatus = z.infer<typeof taskViewStatusSchema>;
export const taskViewSchema = taskSchema.extend({
  status: taskViewStatusSchema.catch('idle'),
  voice_type: z.string(),
  // No consent record (an older server, a task made locally): the web app asks before deploying.
  result: taskResultSchema.extend({ deploy_status: z.string(), deploy_consent: deployConsentRecordSchema.nullable().optional().catch(null) }).nullable(),
});
export type TaskView = z.infer<typeof taskViewSchema>;
export const taskViewListSchema = rowsOf(taskViewSchema);

/**
 * The statement an owner confirms before an avatar goes public: shown by the web app's
 * dialog and stored by the server with the confirmation, so the record says what was agreed to.
 */
export function deployConsentStatement(voice: boolean): string {
  return voice
    ? "I am the person shown in this avatar, or I have that person's permission to publish a synthetic likeness of them and of their voice."
    : "I am the person shown in this avatar, or I have that person's permission to publish a synthetic likeness of them.";
}

/** The owner's confirmation: the likeness always, the voice too when the avatar speaks with a personal voice model. */
export const deployConsentSchema = z.object({
  likeness: z.literal(true, { error: 'Confirm that you are the person shown or have their permission' }),
  voice: z.boolean().default(false),
});
export type DeployConsent = z.input<typeof deployConsentSchema>;

/**
 * POST /api/tasks/{taskId}/deploy: the spec calls it with no payload (still accepted, it confirms
 * nothing; Fastify hands a missing body to the schema as null); the web app sends the owner's
 * confirmation. Unknown fields are ignored.
 */
export const deployRequestSchema = z.object({ consent: deployConsentSchema.optional() }).nullish();
export type DeployRequest = z.input<typeof deployRequestSchema>;

/** Text fields of the multipart POST /api/avatars (the file travels beside them). */
export const createAvatarFieldsSchema = z
  .object({
    avatar_name: z.string().trim().min(1).max(100).refine(isStorableText, storableTextMessage),
    // A required field of the form: a missing value is a 422, never a silent 'true'.
    enable_lipsync: z.enum(['true', 'false']),
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

/** Upload limits shared by client validation and the server. */
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
  /**
   * Human's face detector stretches its input to a square, and a face in a long photo (a banner, a
   * strip) squashed there goes unfound: the page's check and the server's analysis show it a photo
   * longer than this many times its width (or the other way) padded with grey to this shape.
   */
  faceDetectorMaxAspect: 1.5,
} as const;

export const taskPollIntervalMs = 5000;
