import sharp from 'sharp';
import { analyseFace, cutSquare } from '@avatar-factory/face-analysis';
import { visemeWeightsToTargets } from '../evaluate';
import { renderRigRgba, type DecodedTextures } from '../render/render-rig';
import type { RgbaImage } from '../render/rasterise';
import { innerLipGap } from './rig-mouth-gap';
import type { Rig, RigRegion, VisemeId } from '../types';

/** Sides of the face-centred crops read besides the whole frame, in face-box sizes. */
const FACE_CROP_SIDES = [1.4, 1.8, 2.2, 2.6];
/**
 * Read too when those give fewer than MIN_READINGS of the face: softui-ivana's hair hides most of
 * her face, and a change of half a pixel in the rig left Human finding her face in none of the five
 * framings at 'PP' (it found a smaller "face" in two), where 2.0 and 3.0 found it (box overlap 0.58
 * and 0.80). A median of one reading is one reading's noise.
 */
const MORE_FACE_CROP_SIDES = [2.0, 3.0, 1.6];
const MIN_READINGS = 2;
/** The frames go to the reader as PNGs that are decoded at once: deflate took 35-45 ms of a reading's ~200 (3 uncompressed). */
const UNCOMPRESSED = { compressionLevel: 0 } as const;
/** A reading whose face box overlaps the rig's face box less than this (intersection over union) read something else. */
const MIN_BOX_IOU = 0.5;

/**
 * What an independent reader sees of the mouth at a viseme: Human's face mesh run on the rendered
 * frame, inner-lip gap (landmarks 13-14) over mouth width (61-291). One reading is noisy: a crop a
 * few pixels off moved it by 0.05-0.14, Human's detector misses some faces at the portrait's
 * framing (md-team-5) and finds a "face" that is not the face in others (softui-ivana's closed
 * mouth: a 72 px box inside its 211 px face). So the whole frame and four face-centred crops are
 * read (and more framings while fewer than MIN_READINGS find the face), readings whose face box
 * is not the rig's are dropped, and the median of the rest is the answer. Null when Human finds the
 * face in none of them. `rest` reads the photo's own mouth (a laugh's 'sil' is not it: see visemeTable).
 */
export async function mouthGap(rig: Rig, textures: DecodedTextures, viseme: VisemeId | 'rest'): Promise<number | null> {
  const image = renderRigRgba(rig, textures, viseme === 'rest' ? {} : visemeWeightsToTargets(rig, { [viseme]: 1 }));
  const readings: Array<() => Promise<FramePng>> = [
    async () => ({ png: await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } }).png(UNCOMPRESSED).toBuffer(), offset: [0, 0] }),
    ...[...FACE_CROP_SIDES, ...MORE_FACE_CROP_SIDES].map((side) => () => faceCrop(image, rig.face.box, side)),
  ];
  const gaps: number[] = [];
  for (const [r, read] of readings.entries()) {
    if (r > FACE_CROP_SIDES.length && gaps.length >= MIN_READINGS) break;
    const { png, offset } = await read();
    const face = await analyseFace(png, { checkRange: false, eyes: false, confirm: false });
    if (!face.ok) continue;
    const box = { ...face.box, x: face.box.x + offset[0], y: face.box.y + offset[1] };
    if (intersectionOverUnion(box, rig.face.box) < MIN_BOX_IOU) continue;
    gaps.push(innerLipGap((i) => [face.mesh[i]![0], face.mesh[i]![1]]));
  }
  return gaps.length ? median(gaps) : null;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b), mid = s.length / 2;
  return s.length % 2 ? s[Math.floor(mid)]! : (s[mid - 1]! + s[mid]!) / 2;
}

function intersectionOverUnion(a: RigRegion, b: RigRegion): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const inter = Math.max(0, w) * Math.max(0, h);
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** A PNG of (part of) a frame, and where its top-left corner lies in the frame. */
interface FramePng { png: Buffer; offset: readonly [number, number] }

/**
 * A square around the face box, moved into the frame where it fits there. A square larger than
 * the frame (a tight headshot's portrait is only 1.7 face boxes wide) is centred on the face with
 * the frame's edge pixels repeated past its edge: cut to the frame, the larger crops all became the
 * whole frame, and the median rested on one framing.
 */
async function faceCrop(frame: RgbaImage, box: RigRegion, sideInBoxes: number): Promise<FramePng> {
  const size = frame.width;
  const side = Math.round(Math.max(box.width, box.height) * sideInBoxes);
  const centred = (v: number) => Math.round(v - side / 2);
  const place = (v: number) => (side > size ? centred(v) : Math.min(size - side, Math.max(0, centred(v))));
  const left = place(box.x + box.width / 2), top = place(box.y + box.height / 2);
  const square = await cutSquare({ data: Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), width: size, height: frame.height, channels: 4 }, { left, top, side }, 'copy');
  const png = await sharp(square, { raw: { width: side, height: side, channels: 4 } }).png(UNCOMPRESSED).toBuffer();
  return { png, offset: [left, top] };
}
