import sharp from 'sharp';
import { analyseFace, isUpsideDown, type FaceAnalysis, type FaceFound } from '@avatar-factory/face-analysis';
import type { Rig } from '@avatar-factory/avatar-rig';
import { buildRig, renderRigPng } from '@avatar-factory/avatar-rig/node';

/** The engines the avatar generation job drives, one call per stage. */
export interface AvatarPipeline {
  normalise(photo: Buffer): Promise<Buffer>;
  /** The face, and the image it was found in: the one given, or that turned upright (a quarter turn, see QUARTER_TURN_TOLERANCE_DEG, or half a turn, see isUpsideDown). */
  analyse(image: Buffer): Promise<{ face: FaceAnalysis; image: Buffer }>;
  buildRig(image: Buffer, face: FaceFound): Promise<{ rig: Rig; textures: Record<string, Buffer> }>;
  renderPortrait(rig: Rig, textures: Record<string, Buffer>): Promise<Buffer>;
}

/**
 * A head tilted this close to a quarter turn is a photo stored on its side without an EXIF
 * orientation: it is turned upright and analysed again. Of 58 upright corpus photos turned a
 * quarter clockwise, 38 read a roll near +90 degrees and none near -90; turned anticlockwise, 31
 * near -90 and none near +90 (photos already tilted 30 degrees read 121 or -59). Turned back, 67 of
 * the 116 became avatars, each with the upright photo's mesh. An upside-down photo shows no roll
 * (Human fits an upright face to it): isUpsideDown looks for that.
 */
const QUARTER_TURN_TOLERANCE_DEG = 20;

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
  analyse: async (image) => {
    const face = await analyseFace(image);
    const roll = face.measurements?.rollDeg;
    if (!face.ok && face.code === 'face_tilted' && roll !== undefined && Math.abs(Math.abs(roll) - 90) <= QUARTER_TURN_TOLERANCE_DEG) {
      return analyseTurned(image, face, roll > 0 ? -90 : 90);
    }
    // A group photo is refused as it is. An upside-down face may also go unfound: Human's detector
    // scores it under the face threshold (Grace Hopper), while isUpsideDown looks for it lower.
    if (!face.ok && face.code === 'multiple_faces') return { face, image };
    return (await isUpsideDown(image, face.ok ? face.box : undefined)) ? analyseTurned(image, face, 180) : { face, image };
  },
  buildRig: (image, face) => buildRig(image, face),
  renderPortrait: (rig, textures) => renderRigPng(rig, textures),
};

/**
 * The face in the image turned by `degrees`. Turned, the face may still be out of range for
 * another reason (turned away, too small): that is the answer then. Not found at all, the first
 * answer stands.
 */
async function analyseTurned(image: Buffer, face: FaceAnalysis, degrees: number): Promise<{ face: FaceAnalysis; image: Buffer }> {
  const turned = await sharp(image).rotate(degrees).png().toBuffer();
  const upright = await analyseFace(turned);
  return upright.ok || upright.code !== 'no_face' ? { face: upright, image: turned } : { face, image };
}
