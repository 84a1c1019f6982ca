import type { LanguageOption } from '@avatar-factory/speech';
import { notFound } from '../../http/app-error';
import type { Storage } from '../../storage/storage';
import { RIG_FILE_PATTERN, webAvatarFiles } from '../avatars/avatar-files';
import type { AvatarsRepository } from '../avatars/avatars.repository';
import type { SpeakRequest } from '../speech/speech.service';

const PUBLIC_ID_PATTERN = /^[A-Za-z0-9]{8,40}$/;

/**
 * The rules of a published avatar, for anyone without login: only a deployed avatar answers (any
 * other id, well-formed or not, is the same 404), it shows the avatar itself and never its owner,
 * and it speaks in the avatar's own voice.
 */
export function createWebAvatarService(deps: { avatars: Pick<AvatarsRepository, 'findByPublicId'>; storage: Storage; productName: string }) {
  const { avatars, storage } = deps;

  const find = (publicId: string) => (PUBLIC_ID_PATTERN.test(publicId) ? avatars.findByPublicId(publicId) : Promise.resolve(undefined));

  async function deployed(publicId: string) {
    const row = await find(publicId);
    if (!row) throw notFound('This avatar does not exist or is no longer published.');
    return row;
  }

  return {
    /** Whether a public id names a deployed avatar (its page and its API answer). */
    isPublished: async (publicId: string) => Boolean(await find(publicId)),

    async describe(publicId: string) {
      const row = await deployed(publicId);
      return {
        publicId,
        avatarName: row.avatarName,
        enable_lipsync: row.enableLipsync,
        rig_url: `/api/public/avatars/${publicId}/rig/`,
        productName: deps.productName,
      };
    },

    /** One file of the deployed rig snapshot: its bytes and content type. */
    async rigFile(publicId: string, file: string) {
      await deployed(publicId);
      const key = webAvatarFiles(publicId).rigFile(file);
      if (!RIG_FILE_PATTERN.test(file) || !(await storage.exists(key))) throw notFound('Not found');
      return { data: await storage.get(key), type: file.endsWith('.json') ? 'application/json' : 'image/png' };
    },

    /** A visitor's speak request for this avatar: in its current voice, at the public priority. */
    async speakRequest(publicId: string, input: { text: string; language: LanguageOption; signal: AbortSignal }): Promise<SpeakRequest> {
      const row = await deployed(publicId);
      return { voice: { voiceType: row.voiceType, voiceModelId: row.voiceModelId }, ...input, audience: 'public' };
    },
  };
}
export type WebAvatarService = ReturnType<typeof createWebAvatarService>;
