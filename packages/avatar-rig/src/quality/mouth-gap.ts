import sharp from 'sharp';
import { analyseFace } from '@avatar-factory/face-analysis';
import { visemeWeightsToTargets } from '../evaluate';
import { renderRigRgba, type DecodedTextures } from '../render/render-rig';
import type { Rig, VisemeId } from '../types';

/**
 * What an independent reader sees of the mouth at a viseme: Human's face mesh run on the rendered
 * frame, inner-lip gap (landmarks 13-14) over mouth width (61-291). Null when Human finds no face
 * in the frame.
 */
export async function mouthGap(rig: Rig, textures: DecodedTextures, viseme: VisemeId): Promise<number | null> {
  const image = renderRigRgba(rig, textures, visemeWeightsToTargets(rig, { [viseme]: 1 }));
  const png = await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } }).png().toBuffer();
  const face = await analyseFace(png, { checkRange: false });
  if (!face.ok) return null;
  const m = face.mesh;
  const dist = (a: number, b: number) => Math.hypot(m[a]![0] - m[b]![0], m[a]![1] - m[b]![1]);
  return dist(13, 14) / dist(61, 291);
}
