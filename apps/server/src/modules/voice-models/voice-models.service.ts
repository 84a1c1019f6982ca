import {
  errorCodes,
  type CreateVoiceModelRequest,
  type RecordedSentence,
  type TrainingConfig,
  type VoiceModel,
  type VoiceModelStatusResponse,
} from '@avatar-factory/contracts';
import { decodeTake, isTakeError, languageOfText, suggestedSentenceText } from '@avatar-factory/voice-check';
import { AppError, conflict, notFound, unprocessable } from '../../http/app-error';
import type { Queue } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import type { AvatarsRepository } from '../avatars/avatars.repository';
import { voiceModelFiles } from './voice-model-files';
import { distinctReadySentences, toRecordedSentence, toVoiceModel } from './voice-models.mapper';
import type { VoiceModelRow, VoiceModelsRepository } from './voice-models.repository';

/** Voice training is not possible while face training is running (message in Japanese). */
export const FACE_TRAINING_MESSAGE = '顔のトレーニング中は音声のトレーニングを行えません。アバターの生成が終わってから、もう一度お試しください。';

export interface VoiceModelsServiceDeps {
  voiceModels: VoiceModelsRepository;
  avatars: Pick<AvatarsRepository, 'hasProcessing' | 'resetVoiceModel'>;
  storage: Storage;
  queue: Pick<Queue, 'enqueue' | 'cancel'>;
  config: () => TrainingConfig;
  limits: VoiceModelLimits;
}

/** What one user may keep and run (settings MAX_VOICE_MODELS_PER_USER and the like). */
export interface VoiceModelLimits {
  modelsPerUser: number;
  activeTrainingsPerUser: number;
  /** Takes of sentences that are not suggested ones (their ids are free text), per model. */
  customSentencesPerModel: number;
}

export function createVoiceModelsService(deps: VoiceModelsServiceDeps) {
  const { voiceModels, avatars, storage, queue } = deps;

  async function owned(userId: string, id: string): Promise<VoiceModelRow> {
    const row = await voiceModels.findOwned(userId, id);
    if (!row) throw notFound('Voice model not found');
    return row;
  }

  /**
   * Suggested sentences are a fixed list; any other sentence id is a custom sentence, and a model
   * holds at most `customSentencesPerModel` of them (each take is up to 20 MB and queues a check).
   */
  async function refuseTooManyCustomSentences(voiceModelId: string, sentenceId: string) {
    if (suggestedSentenceText(sentenceId) !== undefined) return;
    const ids = await voiceModels.sentenceIds(voiceModelId);
    if (ids.includes(sentenceId)) return;
    const custom = ids.filter((existing) => suggestedSentenceText(existing) === undefined).length;
    const max = deps.limits.customSentencesPerModel;
    if (custom >= max) {
      throw conflict(errorCodes.tooManySentences, `A voice model can hold at most ${max} sentences of your own besides the suggested ones. Record a suggested sentence, or record one of yours again.`);
    }
  }

  async function refuseDuringFaceTraining(userId: string) {
    if (await avatars.hasProcessing(userId)) throw conflict(errorCodes.faceTrainingInProgress, FACE_TRAINING_MESSAGE);
  }

  return {
    async list(userId: string): Promise<VoiceModel[]> {
      return (await voiceModels.listByUser(userId)).map(toVoiceModel);
    },

    async create(userId: string, input: Required<Pick<CreateVoiceModelRequest, 'name'>> & { is_public: boolean; language?: 'ja' | 'en' | undefined }): Promise<VoiceModel> {
      await refuseDuringFaceTraining(userId);
      const { modelsPerUser } = deps.limits;
      if ((await voiceModels.countByUser(userId)) >= modelsPerUser) {
        throw conflict(errorCodes.voiceModelLimit, `You can keep at most ${modelsPerUser} voice models. Delete one to create another.`);
      }
      return toVoiceModel(await voiceModels.insert({ userId, name: input.name, isPublic: false, language: input.language ?? null }));
    },

    /** Stops its training, returns its avatars to their default voice, removes its files. */
    async remove(userId: string, id: string): Promise<void> {
      const row = await owned(userId, id);
      if (row.trainingJobId) await queue.cancel(row.trainingJobId);
      await avatars.resetVoiceModel(row.id, row.baseVoice ?? 'female');
      await voiceModels.remove(row.id);
      await storage.remove(voiceModelFiles(row.id).dir);
    },

    async status(userId: string, id: string): Promise<VoiceModelStatusResponse> {
      const row = await owned(userId, id);
      return { status: row.status, progress: row.status === 'ready' ? 100 : row.progress, metadata: toVoiceModel(row).metadata };
    },

    async train(userId: string, id: string): Promise<{ status: 'training' }> {
      const row = await owned(userId, id);
      await refuseDuringFaceTraining(userId);
      if (row.status === 'training') throw conflict(errorCodes.alreadyTraining, 'This voice model is already training.');
      const { activeTrainingsPerUser } = deps.limits;
      if ((await voiceModels.countByUser(userId, 'training')) >= activeTrainingsPerUser) {
        throw new AppError(429, {
          code: errorCodes.tooManyTasks,
          message: `At most ${activeTrainingsPerUser} voice ${activeTrainingsPerUser === 1 ? 'model' : 'models'} can train at once. Please wait until your other training finishes.`,
        });
      }
      const ready = distinctReadySentences(await voiceModels.listTakes(row.id));
      const { minRecordings } = deps.config();
      if (ready < minRecordings) {
        throw unprocessable(errorCodes.notEnoughRecordings, `Record at least ${minRecordings} sentences before training (${ready} ready so far).`);
      }
      const started = await voiceModels.transition(row.id, ['recording', 'ready', 'failed'], { status: 'training', progress: 0, error: null });
      if (!started) throw conflict(errorCodes.alreadyTraining, 'This voice model is already training.');
      const jobId = await queue.enqueue('voice.train', { voiceModelId: row.id }, { maxAttempts: 2, ownerId: userId });
      await voiceModels.update(row.id, { trainingJobId: jobId });
      return { status: 'training' };
    },

    async cancel(userId: string, id: string): Promise<{ status: 'failed' }> {
      const row = await owned(userId, id);
      const cancelled = await voiceModels.transition(row.id, ['training'], { status: 'failed', error: 'Training cancelled', progress: 0 });
      if (!cancelled) throw conflict(errorCodes.notTraining, 'This voice model is not training.');
      if (row.trainingJobId) await queue.cancel(row.trainingJobId);
      return { status: 'failed' };
    },

    async sentences(userId: string, id: string): Promise<RecordedSentence[]> {
      const row = await owned(userId, id);
      return (await voiceModels.listTakes(row.id)).map(toRecordedSentence);
    },

    /** Stores a take (replacing an earlier one of the same sentence) and queues its check. */
    async record(userId: string, id: string, input: { text: string; sentenceId: string; audio: Buffer }): Promise<RecordedSentence> {
      const model = await owned(userId, id);
      await refuseTooManyCustomSentences(model.id, input.sentenceId);
      try {
        await decodeTake(input.audio);
      } catch (error) {
        if (isTakeError(error)) throw unprocessable(error.code === 'too_long' ? errorCodes.audioTooLong : errorCodes.invalidAudio, error.message);
        throw error;
      }
      // The spec's create call names no language: the first take's text decides it (its check
      // needs the language's timing, and the rest of the model's takes must match it).
      const textLanguage = languageOfText(input.text);
      if (model.language === null && textLanguage) await voiceModels.settleLanguage(model.id, textLanguage);
      const files = voiceModelFiles(model.id);
      const take = await voiceModels.upsertTake(model.id, input.sentenceId, input.text);
      const previousAudio = take.audioKey;
      const audioKey = files.take(take.id, take.revision);
      let row;
      try {
        await storage.put(audioKey, input.audio);
        row = await voiceModels.setTakeAudio(take.id, take.revision, audioKey);
      } catch (error) {
        // Not left in processing for good: the take failed and can be recorded again.
        await voiceModels.settleTakeAndCount(model.id, take.id, take.revision, { status: 'failed', errorMessage: 'The recording could not be stored. Please record it again.', qualityScore: null });
        throw error;
      }
      if (!row) {
        // A newer take of this sentence arrived meanwhile and replaced this one.
        await storage.remove(audioKey);
        return toRecordedSentence({ ...take, audioKey });
      }
      if (previousAudio !== 'pending' && previousAudio !== audioKey) await storage.remove(previousAudio);
      await queue.enqueue('voice.check-take', { takeId: row.id, revision: row.revision }, { maxAttempts: 2, ownerId: userId });
      return toRecordedSentence(row);
    },
  };
}
export type VoiceModelsService = ReturnType<typeof createVoiceModelsService>;
