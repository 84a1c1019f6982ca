import sharp from 'sharp';
import { analyseFace, isUpsideDown, type FaceAnalysis, type FaceFound } from '@avatar-factory/face-analysis';
import type { Rig } from '@avatar-factory/avatar-rig';
import { buildRig, mirrorRig, renderRigPng } from '@avatar-factory/avatar-rig/node';

/** The engines the avatar generation job drives, one call per stage. */
export interface AvatarPipeline {
  normalise(photo: Buffer): Promise<Buffer>;
  /**
   * The face, and the image it was found in: the one given, or that turned upright (a quarter
   * turn, see QUARTER_TURN_TOLERANCE_DEG, or half a turn, see isUpsideDown), or mirrored
   * left-right (`mirrored`, see analyseMirrored).
   */
  analyse(image: Buffer): Promise<{ face: FaceAnalysis; image: Buffer; mirrored?: boolean }>;
  /** The rig of the face in `image`; of the photo as given when `image` is its mirror image. */
  buildRig(image: Buffer, face: FaceFound, options?: { mirrored?: boolean }): Promise<{ rig: Rig; textures: Record<string, Buffer> }>;
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
    const found = await analyseUpright(image);
    return found.face.ok || found.face.code !== 'no_face' ? found : analyseMirrored(found.image, found);
  },
  buildRig: async (image, face, options) => (options?.mirrored ? mirrorRig(await buildRig(image, face)) : buildRig(image, face)),
  renderPortrait: (rig, textures) => renderRigPng(rig, textures),
};

/** The face in the image as given, or turned upright. */
async function analyseUpright(image: Buffer): Promise<{ face: FaceAnalysis; image: Buffer }> {
  const face = await analyseFace(image);
  const roll = face.measurements?.rollDeg;
  if (!face.ok && face.code === 'face_tilted' && roll !== undefined && Math.abs(Math.abs(roll) - 90) <= QUARTER_TURN_TOLERANCE_DEG) {
    return analyseTurned(image, face, roll > 0 ? -90 : 90);
  }
  // A group photo is refused as it is. An upside-down face may also go unfound: Human's detector
  // scores it under the face threshold (Grace Hopper), while isUpsideDown looks for it lower.
  if (!face.ok && face.code === 'multiple_faces') return { face, image };
  return (await isUpsideDown(image, face.ok ? face.box : undefined)) ? analyseTurned(image, face, 180) : { face, image };
}

/**
 * The face in the image mirrored left-right, where Human found none in the image itself: its
 * detector is not symmetric. Of the 58 in-range corpus photos mirrored, one showed it no face at
 * all (softui-annie-spratt: blurred, a hand over the mouth), found as taken; md-bruce-mars (dim,
 * glasses, looking down) scores 0.31 as taken and 0.9 mirrored. The rig is then built on the
 * mirror image and mirrored back (mirrorRig). Not found mirrored either, the first answer stands.
 */
async function analyseMirrored(image: Buffer, first: { face: FaceAnalysis; image: Buffer }): Promise<{ face: FaceAnalysis; image: Buffer; mirrored?: boolean }> {
  const mirrored = await sharp(image).flop().png().toBuffer();
  const face = await analyseFace(mirrored);
  return face.ok || face.code !== 'no_face' ? { face, image: mirrored, mirrored: true } : first;
}

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
