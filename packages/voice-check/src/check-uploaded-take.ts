import type { SpeechEngine } from '@avatar-factory/speech';
import type { TakeLanguage } from './analysis/expected-length.ts';
import { baseVoiceReferences } from './base-voice-references.ts';
import { checkTake, type CheckTakeResult } from './check-take.ts';
import { decodeTake } from './decode-take.ts';

/**
 * The whole per-take check as the recording job runs it: decode and validate the upload (throws
 * TakeError for invalid_audio / too_long / too_large), render the sentence with both default
 * voices, then check the take against them.
 */
export async function checkUploadedTake(
  bytes: Uint8Array,
  text: string,
  language: TakeLanguage,
  engine?: Pick<SpeechEngine, 'synthesize'>,
): Promise<CheckTakeResult> {
  const take = await decodeTake(bytes);
  const refs = await baseVoiceReferences(text, language, engine);
  return checkTake({
    samples: take.samples,
    sampleRate: take.sampleRate,
    text,
    language,
    reference: refs.references,
    referenceSampleRate: refs.sampleRate,
    expectedUnits: refs.expectedUnits,
  });
}
