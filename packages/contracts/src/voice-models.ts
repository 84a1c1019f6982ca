import { z } from 'zod';
import { rowsOf } from './rows';
import { isStorableText, storableTextMessage } from './text';

export const voiceModelStatusSchema = z.enum(['recording', 'training', 'ready', 'failed']);
export type VoiceModelStatus = z.infer<typeof voiceModelStatusSchema>;
export const languageSchema = z.enum(['ja', 'en']);
export type Language = z.infer<typeof languageSchema>;

export const voiceModelMetadataSchema = z.object({
  sentence_count: z.number().int().min(0),
  quality_score: z.number().min(0).max(1).nullable(),
  language: languageSchema,
  error: z.string().nullable(),
});
export type VoiceModelMetadata = z.infer<typeof voiceModelMetadataSchema>;

export const voiceModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_public: z.boolean(),
  status: voiceModelStatusSchema,
  created_at: z.string(),
  metadata: voiceModelMetadataSchema,
});
export type VoiceModel = z.infer<typeof voiceModelSchema>;
export const voiceModelListSchema = z.array(voiceModelSchema);
/** The web client's read of the list: row by row (rows.ts). */
export const voiceModelRowsSchema = rowsOf(voiceModelSchema);

export const createVoiceModelRequestSchema = z.object({
  name: z.string().trim().min(1).max(100).refine(isStorableText, storableTextMessage),
  is_public: z.boolean().default(false),
  // Optional: the spec's create call has none; the model then takes its first take's language.
  language: languageSchema.optional(),
});
export type CreateVoiceModelRequest = z.input<typeof createVoiceModelRequestSchema>;

export const recordedSentenceStatusSchema = z.enum(['processing', 'ready', 'failed']);
export const recordedSentenceSchema = z.object({
  id: z.string(),
  sentence_id: z.string(),
  text: z.string(),
  status: recordedSentenceStatusSchema,
  error_message: z.string().nullable(),
  quality_score: z.number().min(0).max(1).nullable(),
  created_at: z.string(),
});
export type RecordedSentence = z.infer<typeof recordedSentenceSchema>;
export const recordedSentenceListSchema = z.array(recordedSentenceSchema);
/** The web client's read of the list: row by row (rows.ts). */
export const recordedSentenceRowsSchema = rowsOf(recordedSentenceSchema);

/** Text fields of the multipart POST /api/voice-models/{id}/sentences. */
export const uploadSentenceFieldsSchema = z.object({
  text: z.string().trim().min(1).max(500).refine(isStorableText, storableTextMessage),
  sentence_id: z.string().trim().min(1).max(64).refine(isStorableText, storableTextMessage),
});

export const trainResponseSchema = z.object({ status: z.literal('training') });
export const cancelResponseSchema = z.object({ status: z.literal('failed') });
export const voiceModelStatusResponseSchema = z.object({
  status: voiceModelStatusSchema,
  progress: z.number().int().min(0).max(100),
  metadata: voiceModelMetadataSchema,
});
export type VoiceModelStatusResponse = z.infer<typeof voiceModelStatusResponseSchema>;

export const trainingConfigSchema = z.object({
  minRecordings: z.number().int().min(1),
  requiredRecordings: z.number().int().min(1),
  progressThresholds: z.object({ poor: z.number(), medium: z.number() }),
});
export type TrainingConfig = z.infer<typeof trainingConfigSchema>;

export const suggestedSentenceSchema = z.object({ id: z.string(), text: z.string() });
export type SuggestedSentence = z.infer<typeof suggestedSentenceSchema>;
export const suggestedTextsResponseSchema = z.object({ sentences: z.array(suggestedSentenceSchema) });

/** Take limits. */
export const takeLimits = { maxBytes: 20 * 1024 * 1024, maxSeconds: 30 } as const;
/** Constants for the recording screen. */
export const voicePolling = {
  recordingIntervalMs: 1000,
  recordingMaxTries: 30,
  trainingIntervalMs: 5000,
  modelListIntervalMs: 5000,
  defaultRequiredRecordings: 10,
} as const;
