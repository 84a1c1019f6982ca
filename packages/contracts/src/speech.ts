import { z } from 'zod';

export const speechLanguageSchema = z.enum(['auto', 'ja', 'en']);
export const maxPreviewTextLength = 500;
export const maxPublicTextLength = 200;

export const speechPreviewRequestSchema = z
  .object({
    text: z.string().max(maxPreviewTextLength),
    voice: z.enum(['female', 'male', 'custom']),
    voice_model_id: z.string().min(1).max(64).optional(),
    language: speechLanguageSchema.default('auto'),
  })
  .refine((value) => value.voice !== 'custom' || Boolean(value.voice_model_id), {
    path: ['voice_model_id'],
    message: 'voice_model_id is required with the custom voice',
  });
export type SpeechPreviewRequest = z.input<typeof speechPreviewRequestSchema>;

/**
 * The Oculus 15 viseme set: the mouth shapes the speech engine times and the rig can show, the
 * same for both speech languages.
 */
export const VISEMES = ['sil', 'PP', 'FF', 'TH', 'DD', 'kk', 'CH', 'SS', 'nn', 'RR', 'aa', 'E', 'I', 'O', 'U'] as const;
export type Viseme = (typeof VISEMES)[number];

export const timedPhonemeSchema = z.object({ symbol: z.string(), start_ms: z.number(), end_ms: z.number() });
export const timedVisemeSchema = z.object({ viseme: z.string(), start_ms: z.number(), end_ms: z.number() });

export const speechResponseSchema = z.object({
  audio: z.string().describe('base64 of a WAV file'),
  sample_rate: z.number().int(),
  duration_ms: z.number(),
  phonemes: z.array(timedPhonemeSchema),
  visemes: z.array(timedVisemeSchema),
});
export type SpeechResponse = z.infer<typeof speechResponseSchema>;

/** POST /api/avatars/{id}/speak: the owner hears the avatar say a text in its current voice. */
export const avatarSpeakRequestSchema = z.object({
  text: z.string().trim().min(1).max(maxPreviewTextLength),
  language: speechLanguageSchema.default('auto'),
});
export type AvatarSpeakRequest = z.input<typeof avatarSpeakRequestSchema>;
