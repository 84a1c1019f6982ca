import type { SpeechEngine } from '@avatar-factory/speech';
import { checkUploadedTake, isTakeError } from '@avatar-factory/voice-check';
import type { JobHandler } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { distinctReadySentences } from './voice-models.mapper';
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
    async run({ recordingId, revision }, ctx) {
      const row = await voiceModels.findSentence(recordingId);
      if (!row || row.revision !== revision || row.status !== 'processing') return;
      const model = await voiceModels.findById(row.voiceModelId);
      if (!model) return;
      let outcome: { status: 'ready' | 'failed'; errorMessage: string | null; qualityScore: number | null };
      try {
        ctx.signal.throwIfAborted();
        const result = await checkUploadedTake(await storage.get(row.audioKey), row.text, model.language, deps.speech);
        outcome = result.ok
          ? { status: 'ready', errorMessage: null, qualityScore: result.qualityScore }
          : { status: 'failed', errorMessage: result.message, qualityScore: null };
      } catch (error) {
        if (!isTakeError(error)) throw error;
        outcome = { status: 'failed', errorMessage: error.message, qualityScore: null };
      }
      ctx.signal.throwIfAborted();
      if (await voiceModels.settleSentence(row.id, revision, outcome)) {
        await voiceModels.update(model.id, { sentenceCount: distinctReadySentences(await voiceModels.listSentences(model.id)) });
      }
    },
    async onFailed({ recordingId, revision }, error) {
      await voiceModels.settleSentence(recordingId, revision, {
        status: 'failed',
        errorMessage: `The recording could not be processed (${error instanceof Error ? error.message : String(error)}). Please record it again.`,
        qualityScore: null,
      });
    },
  };
}
