import type { SpeechEngine } from '@avatar-factory/speech';
import { checkUploadedTake, isTakeError, languageOfText, type TakeLanguage } from '@avatar-factory/voice-check';
import type { JobHandler } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { defaultModelLanguage } from './voice-models.mapper';

const languageNames: Record<TakeLanguage, string> = { ja: 'Japanese', en: 'English' };

/** Why a take of another language than its model fails, and what to do about it. */
function otherLanguageMessage(text: TakeLanguage, model: TakeLanguage): string {
  return `This sentence is in ${languageNames[text]}, but this voice model is ${languageNames[model]}. Record ${languageNames[model]} sentences in it, or create another voice model for ${languageNames[text]}.`;
}
import type { VoiceModelsRepository } from './voice-models.repository';

/**
 * Checks one recorded take: decode and validate the WAV, then level, clipping, noise, speech
 * presence, length and match against both default voices saying the same sentence. Settles the
 * take as ready (with its quality score) or failed (with what to do about it), unless a newer
 * take of the same sentence replaced it meanwhile.
 */
export function checkTakeHandler(deps: { voiceModels: VoiceModelsRepository; storage: Storage; speech: Pick<SpeechEngine, 'synthesize'> }): JobHandler<'voice.check-take'> {
  const { voiceModels, storage } = deps;
  return {
    async run({ takeId, revision }, ctx) {
      const row = await voiceModels.findTake(takeId);
      if (!row || row.revision !== revision || row.status !== 'processing') return;
      const model = await voiceModels.findById(row.voiceModelId);
      if (!model) return;
      let outcome: { status: 'ready' | 'failed'; errorMessage: string | null; qualityScore: number | null };
      try {
        ctx.signal.throwIfAborted();
        const textLanguage = languageOfText(row.text);
        const language = model.language ?? textLanguage ?? defaultModelLanguage;
        const result =
          textLanguage && textLanguage !== language
            ? { ok: false as const, message: otherLanguageMessage(textLanguage, language) }
            : await checkUploadedTake(await storage.get(row.audioKey), row.text, language, deps.speech);
        outcome = result.ok
          ? { status: 'ready', errorMessage: null, qualityScore: result.qualityScore }
          : { status: 'failed', errorMessage: result.message, qualityScore: null };
      } catch (error) {
        if (!isTakeError(error)) throw error;
        outcome = { status: 'failed', errorMessage: error.message, qualityScore: null };
      }
      ctx.signal.throwIfAborted();
      await voiceModels.settleTakeAndCount(model.id, row.id, revision, outcome);
    },
    async onFailed({ takeId, revision }, error) {
      const row = await voiceModels.findTake(takeId);
      if (!row) return;
      await voiceModels.settleTakeAndCount(row.voiceModelId, takeId, revision, {
        status: 'failed',
        errorMessage: `The recording could not be processed (${error instanceof Error ? error.message : String(error)}). Please record it again.`,
        qualityScore: null,
      });
    },
  };
}
