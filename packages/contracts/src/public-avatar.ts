import { z } from 'zod';
import { maxPublicTextLength } from './speech';

/** What the public Web Avatar page may know: the avatar itself, nothing of its owner. */
export const publicAvatarSchema = z.object({
  publicId: z.string(),
  avatarName: z.string(),
  enable_lipsync: z.boolean(),
  rig_url: z.string(),
  productName: z.string(),
});
export type PublicAvatar = z.infer<typeof publicAvatarSchema>;

export const publicSpeakRequestSchema = z.object({
  text: z.string().trim().min(1).max(maxPublicTextLength),
  language: z.enum(['auto', 'ja', 'en']).default('auto'),
});
export type PublicSpeakRequest = z.input<typeof publicSpeakRequestSchema>;

/** GET /api/public/config: what any page may know about this installation. */
export const publicConfigSchema = z.object({ productName: z.string() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
