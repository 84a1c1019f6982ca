import sharp from 'sharp';
import { analyseFace, type FaceAnalysis, type FaceFound } from '@avatar-factory/face-analysis';
import type { Rig } from '@avatar-factory/avatar-rig';
import { buildRig, renderRigPng } from '@avatar-factory/avatar-rig/node';

/** The engines the avatar generation job drives, one call per stage. */
export interface AvatarPipeline {
  normalise(photo: Buffer): Promise<Buffer>;
  analyse(image: Buffer): Promise<FaceAnalysis>;
  buildRig(image: Buffer, face: FaceFound): Promise<{ rig: Rig; textures: Record<string, Buffer> }>;
  renderPortrait(rig: Rig, textures: Record<string, Buffer>): Promise<Buffer>;
}

/** Largest side kept from the upload: the rig crops to at most 1024 px around the face anyway. */
const MAX_SOURCE_SIDE = 2048;

export const avatarPipeline: AvatarPipeline = {
  normalise: (photo) =>
    sharp(photo, { failOn: 'error' })
      .autoOrient()
      .resize({ width: MAX_SOURCE_SIDE, height: MAX_SOURCE_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer(),
  analyse: (image) => analyseFace(image),
  buildRig: (image, face) => buildRig(image, face),
  renderPortrait: (rig, textures) => renderRigPng(rig, textures),
};
