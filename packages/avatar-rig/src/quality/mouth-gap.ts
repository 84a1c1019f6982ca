import sharp, { type Sharp } from 'sharp';
import { analyseFace } from '@avatar-factory/face-analysis';
import { visemeWeightsToTargets } from '../evaluate';
import { renderRigRgba, type DecodedTextures } from '../render/render-rig';
import type { Rig, RigRegion, VisemeId } from '../types';

/** Side of the face-centred crop read when Human's detector misses the face in the whole frame, in face-box sizes. */
const FACE_CROP_SIDE = 1.6;

/**
 * What an independent reader sees of the mouth at a viseme: Human's face mesh run on the rendered
 * frame, inner-lip gap (landmarks 13-14) over mouth width (61-291). Where Human's detector finds no
 * face in the whole frame (it misses some faces at the portrait's framing, the rest frame too:
 * md-team-5), it reads a face-centred crop of the frame instead. Null when it finds none there either.
 */
export async function mouthGap(rig: Rig, textures: DecodedTextures, viseme: VisemeId): Promise<number | null> {
  const image = renderRigRgba(rig, textures, visemeWeightsToTargets(rig, { [viseme]: 1 }));
  const frame = sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } });
  const png = await frame.clone().png().toBuffer();
  const whole = await analyseFace(png, { checkRange: false });
  const face = whole.ok ? whole : await analyseFace(await faceCrop(frame, rig.face.box, image.width), { checkRange: false });
  if (!face.ok) return null;
  const m = face.mesh;
  const dist = (a: number, b: number) => Math.hypot(m[a]![0] - m[b]![0], m[a]![1] - m[b]![1]);
  return dist(13, 14) / dist(61, 291);
}

/** A square of the frame around the face box (within the frame), as PNG. */
async function faceCrop(frame: Sharp, box: RigRegion, size: number): Promise<Buffer> {
  const side = Math.min(size, Math.round(Math.max(box.width, box.height) * FACE_CROP_SIDE));
  const clamp = (v: number) => Math.min(size - side, Math.max(0, Math.round(v)));
  const left = clamp(box.x + box.width / 2 - side / 2), top = clamp(box.y + box.height / 2 - side / 2);
  return frame.clone().extract({ left, top, width: side, height: side }).png().toBuffer();
}
