import { z } from 'zod';

/** Every error answer: `{detail: "text"}` or `{detail: {code, message, errors?}}`. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const errorDetailSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export const errorResponseSchema = z.object({
  detail: z.union([z.string(), errorDetailSchema]),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** Error codes that are part of the contract. */
export const errorCodes = {
  validation: 'validation_error',
  emailTaken: 'email_taken',
  tooManyAttempts: 'too_many_attempts',
  avatarNameTaken: 'avatar_name_taken',
  fileTooLarge: 'file_too_large',
  invalidImage: 'invalid_image',
  imageTooSmall: 'image_too_small',
  notDeployable: 'not_deployable',
  voiceModelNotReady: 'voice_model_not_ready',
  faceTrainingInProgress: 'face_training_in_progress',
  notEnoughRecordings: 'not_enough_recordings',
  alreadyTraining: 'already_training',
  rateLimited: 'rate_limited',
  invalidAudio: 'invalid_audio',
  textTooLong: 'text_too_long',
  unsupportedMediaType: 'unsupported_media_type',
  notFound: 'not_found',
  notTraining: 'not_training',
  audioTooLong: 'audio_too_long',
  methodNotAllowed: 'method_not_allowed',
  /** A per-user bound on work at once (avatars being generated, trainings): the message names it. */
  tooManyTasks: 'too_many_tasks',
  voiceModelLimit: 'voice_model_limit',
  tooManySentences: 'too_many_sentences',
  /** GET /api/ready: a dependency (database, storage, queue) did not answer. */
  notReady: 'not_ready',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
