import { randomBytes } from 'node:crypto';
import type { Rig } from '@avatar-factory/avatar-rig';
import type { JobHandler } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { avatarFiles, RIG_FILE_PATTERN, webAvatarFiles } from './avatar-files';
import type { AvatarsRepository } from './avatars.repository';

/**
 * Publishes an avatar to the Web Avatar service: snapshots its rig bundle under an unguessable
 * public id (so the public page never touches the owner's files) and marks it deployed. Any
 * failure returns the avatar to 'ready' with a message.
 */
export function deployAvatarHandler(deps: { avatars: AvatarsRepository; storage: Storage }): JobHandler<'avatar.deploy'> {
  const { avatars, storage } = deps;
  return {
    async run({ avatarId }, ctx) {
      const row = await avatars.findById(avatarId);
      if (!row || row.deployStatus !== 'deploying') return;
      const publicId = row.publicId ?? randomBytes(12).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x');
      const source = avatarFiles(avatarId);
      const target = webAvatarFiles(publicId);
      try {
        const rigJson = await storage.get(source.rigFile('rig.json'));
        const rig = JSON.parse(rigJson.toString('utf8')) as Rig;
        const textures = [...new Set(rig.layers.map((layer) => layer.texture))];
        if (textures.some((name) => !RIG_FILE_PATTERN.test(name))) throw new Error('rig references an invalid texture name');
        await ctx.progress(30, 'Publishing rig');
        for (const name of textures) await storage.put(target.rigFile(name), await storage.get(source.rigFile(name)));
        await storage.put(target.rigFile('rig.json'), rigJson);
        ctx.signal.throwIfAborted();
        await avatars.transitionDeploy(avatarId, 'deploying', { deployStatus: 'deployed', publicId, resultMessage: 'Deployed to the Web Avatar service' });
      } catch (error) {
        await storage.remove(target.dir);
        await avatars.transitionDeploy(avatarId, 'deploying', {
          deployStatus: 'ready',
          resultMessage: `Deployment failed: ${error instanceof Error ? error.message : String(error)}`,
        });
        ctx.signal.throwIfAborted();
      }
    },
    async onFailed({ avatarId }) {
      await avatars.transitionDeploy(avatarId, 'deploying', { deployStatus: 'ready', resultMessage: 'Deployment failed' });
    },
  };
}
