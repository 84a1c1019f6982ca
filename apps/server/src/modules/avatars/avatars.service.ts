import sharp, { type Metadata } from 'sharp';
import {
  createAvatarFieldsSchema,
  deployConsentStatement,
  errorCodes,
  imageLimits,
  type Avatar,
  type AvatarVoiceModel,
  type CreateAvatarResponse,
  type DeployConsent,
  type Task,
} from '@avatar-factory/contracts';
import { AppError, conflict, invalidFields, notFound, unprocessable } from '../../http/app-error';
import type { Queue } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { refuseAsFormField, requireReadyVoiceModel } from '../voice-models/ready-voice-model';
import type { VoiceModelsRepository } from '../voice-models/voice-models.repository';
import { avatarFiles, webAvatarFiles } from './avatar-files';
import { toAvatar, toTask } from './avatars.mapper';
import type { AvatarRow, AvatarsRepository } from './avatars.repository';

export interface AvatarsServiceDeps {
  avatars: AvatarsRepository;
  voiceModels: Pick<VoiceModelsRepository, 'findOwned'>;
  storage: Storage;
  queue: Pick<Queue, 'enqueue' | 'cancel'>;
  /** Avatars one user may have being generated at once. */
  maxActivePerUser: number;
}

const taskNotFound = () => notFound('Task not found');
const avatarNotFound = () => notFound('Avatar not found');

/**
 * Checks what the client validated again on the server: a decodable PNG/JPEG of at least 512x512.
 * The header alone says the size (a few kB can claim 20000x20000: refused before any decoding);
 * then the pixels are decoded once, small, so a truncated or corrupt file is a 422 now and not a
 * failed task later.
 */
async function inspectPhoto(photo: Buffer): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(photo, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw unprocessable(errorCodes.invalidImage, 'The file is not a readable PNG or JPEG image.');
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg') throw unprocessable(errorCodes.invalidImage, 'Only PNG and JPEG images are accepted.');
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width < imageLimits.minWidth || height < imageLimits.minHeight) {
    throw unprocessable(errorCodes.imageTooSmall, `The image must be at least ${imageLimits.minWidth}x${imageLimits.minHeight} pixels; this one is ${width}x${height}.`);
  }
  if (width * height > imageLimits.maxPixels) {
    throw unprocessable(errorCodes.invalidImage, `The image may have at most ${imageLimits.maxPixels / 1_000_000} megapixels; this one is ${width}x${height}.`);
  }
  try {
    await sharp(photo, { failOn: 'error', limitInputPixels: imageLimits.maxPixels }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw unprocessable(errorCodes.invalidImage, 'The image is damaged or incomplete and cannot be read. Please upload the photo again.');
  }
}

export function createAvatarsService(deps: AvatarsServiceDeps) {
  const { avatars, storage, queue } = deps;

  async function owned(userId: string, id: string, missing = taskNotFound): Promise<AvatarRow> {
    const row = await avatars.findOwned(userId, id);
    if (!row) throw missing();
    return row;
  }

  return {
    /** `publicBaseUrl`: the app's absolute base URL, for a deployed avatar's preview_url. */
    async list(userId: string, publicBaseUrl: string): Promise<Task[]> {
      return (await avatars.listByUser(userId)).map((row) => toTask(row, publicBaseUrl));
    },

    async getTask(userId: string, id: string, publicBaseUrl: string): Promise<Task> {
      return toTask(await owned(userId, id), publicBaseUrl);
    },

    async getAvatar(userId: string, id: string, publicBaseUrl: string): Promise<Avatar> {
      return toAvatar(await owned(userId, id, avatarNotFound), publicBaseUrl);
    },

    async create(userId: string, rawFields: Record<string, string>, photo: Buffer | undefined): Promise<CreateAvatarResponse> {
      const parsed = createAvatarFieldsSchema.safeParse(rawFields);
      if (!parsed.success) throw invalidFields('Invalid avatar request', parsed.error);
      if (!photo || photo.length === 0) throw unprocessable(errorCodes.validation, 'A photo is required', [{ field: 'file', message: 'Required' }]);
      const fields = parsed.data;
      await inspectPhoto(photo);
      if (fields.voice_type === 'custom') await requireReadyVoiceModel(deps.voiceModels, userId, fields.voice_model_id!, refuseAsFormField('voice_model_id'));
      // One worker serves everyone: a user's own queue stays short (the queue also takes turns).
      const active = await avatars.countProcessing(userId);
      if (active >= deps.maxActivePerUser) {
        throw new AppError(429, {
          code: errorCodes.tooManyTasks,
          message: `You already have ${active} avatars being generated; at most ${deps.maxActivePerUser} can be at once. Please wait for one to finish.`,
        });
      }

      const row = await avatars.insert({
        userId,
        avatarName: fields.avatar_name,
        voiceType: fields.voice_type,
        voiceModelId: fields.voice_model_id ?? null,
        defaultVoice: fields.voice_type === 'custom' ? null : fields.voice_type,
        enableLipsync: fields.enable_lipsync === 'true',
        photoKey: 'pending',
        currentStep: 'Queued',
        message: 'Waiting for a worker',
      });
      if (!row) throw conflict(errorCodes.avatarNameTaken, `An avatar named "${fields.avatar_name}" already exists. Please choose another name.`);
      const files = avatarFiles(row.id);
      try {
        await storage.put(files.photo, photo);
        const jobId = await queue.enqueue('avatar.generate', { avatarId: row.id }, { maxAttempts: 2, ownerId: userId });
        await avatars.update(row.id, { photoKey: files.photo, jobId });
      } catch (error) {
        await avatars.remove(row.id);
        await storage.remove(files.dir);
        throw error;
      }
      return { taskId: row.id, avatarName: row.avatarName };
    },

    /**
     * Starts publishing. `consent` is the owner's confirmation, stored with its time and
     * the user; without one (the spec's body-less call) an earlier confirmation is kept as it is.
     */
    async deploy(userId: string, id: string, publicBaseUrl: string, consent?: DeployConsent): Promise<Task> {
      const row = await owned(userId, id);
      if (row.status !== 'completed' || !row.hasResult) throw conflict(errorCodes.notDeployable, 'Only a completed avatar can be deployed.');
      const voice = consent?.voice ?? false;
      if (consent && row.voiceType === 'custom' && !voice) {
        throw unprocessable(errorCodes.validation, 'This avatar speaks with a personal voice: the confirmation must cover the voice too.', [
          { field: 'body.consent.voice', message: 'Required for an avatar with a personal voice' },
        ]);
      }
      const confirmation = consent
        ? {
            deployConsent: { likeness: true as const, voice, statement: deployConsentStatement(voice), voiceModelId: voice ? row.voiceModelId : null },
            deployConsentAt: new Date(),
            deployConsentUserId: userId,
          }
        : {};
      const deploying = await avatars.transitionDeploy(row.id, 'ready', { deployStatus: 'deploying', resultMessage: 'Deploying to the Web Avatar service', ...confirmation });
      if (!deploying) throw conflict(errorCodes.notDeployable, row.deployStatus === 'deployed' ? 'This avatar is already deployed.' : 'This avatar is being deployed.');
      try {
        await queue.enqueue('avatar.deploy', { avatarId: row.id }, { maxAttempts: 2, ownerId: userId });
      } catch (error) {
        await avatars.transitionDeploy(row.id, 'deploying', { deployStatus: 'ready' });
        throw error;
      }
      return toTask(deploying, publicBaseUrl);
    },

    /** Stops a running task, removes its files and its public page. */
    async remove(userId: string, id: string): Promise<void> {
      const row = await owned(userId, id);
      if (row.jobId) await queue.cancel(row.jobId);
      await avatars.remove(row.id);
      await storage.remove(avatarFiles(row.id).dir);
      if (row.publicId) await storage.remove(webAvatarFiles(row.publicId).dir);
    },

    /** The portrait PNG, by id or by the caller's avatar name. */
    async portrait(userId: string, idOrName: string): Promise<Buffer> {
      const row = (await avatars.findOwned(userId, idOrName)) ?? (await avatars.findOwnedByName(userId, idOrName));
      if (!row) throw avatarNotFound();
      const key = avatarFiles(row.id).portrait;
      if (!(await storage.exists(key))) throw new AppError(404, 'The avatar image is not ready yet');
      return storage.get(key);
    },

    async getVoiceModel(userId: string, id: string): Promise<AvatarVoiceModel> {
      const row = await owned(userId, id, avatarNotFound);
      return { voice_model_id: row.voiceModelId, voice_type: row.voiceType };
    },

    async setVoiceModel(userId: string, id: string, voiceModelId: string): Promise<AvatarVoiceModel> {
      const row = await owned(userId, id, avatarNotFound);
      const model = await requireReadyVoiceModel(deps.voiceModels, userId, voiceModelId);
      // The default voice it had stays known: deleting the model gives it back.
      const defaultVoice = row.defaultVoice ?? (row.voiceType === 'custom' ? null : row.voiceType);
      const updated = await avatars.update(row.id, { voiceType: 'custom', voiceModelId: model.id, defaultVoice });
      return { voice_model_id: updated!.voiceModelId, voice_type: updated!.voiceType };
    },

    /** The greeting made at generation (a speech answer as JSON), for the preview panel. */
    async greeting(userId: string, id: string): Promise<Buffer> {
      const row = await owned(userId, id, avatarNotFound);
      const key = avatarFiles(row.id).greeting;
      if (!(await storage.exists(key))) throw notFound('This avatar has no greeting');
      return storage.get(key);
    },

    /** The avatar's current voice, for speaking with it in the app. */
    async voiceOf(userId: string, id: string) {
      const row = await owned(userId, id, avatarNotFound);
      return { voiceType: row.voiceType, voiceModelId: row.voiceModelId };
    },

    /** A rig file of the caller's own avatar, for the live preview in the app. */
    async rigFile(userId: string, id: string, file: string): Promise<Buffer> {
      const row = await owned(userId, id, avatarNotFound);
      const key = avatarFiles(row.id).rigFile(file);
      if (!row.hasResult || !(await storage.exists(key))) throw notFound('Rig file not found');
      return storage.get(key);
    },
  };
}
export type AvatarsService = ReturnType<typeof createAvatarsService>;
