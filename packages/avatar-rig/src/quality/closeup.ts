import sharp from 'sharp';
import { analyseFace } from '@avatar-factory/face-analysis';
import { evaluateRig } from '../evaluate';
import { renderRigRgba, type DecodedTextures } from '../render/render-rig';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, LOWER_INNER, MOUTH_CORNER_INNER, MOUTH_CORNER_OUTER, UPPER_INNER } from '../build/landmarks';
import { LOWER_OUTER, UPPER_OUTER } from '../build/lip-refine';
import type { Rig, RigWeights } from '../types';
import { innerLipGap } from './rig-mouth-gap';

/** Zoom of the close-ups: a rig vertex a pixel off shows 4 px off. */
const ZOOM = 4;
/** Mouth-ring landmarks, corner to corner: inner upper and lower, outer upper and lower. */
const INNER_UPPER = [MOUTH_CORNER_INNER[0], ...UPPER_INNER, MOUTH_CORNER_INNER[1]];
const INNER_LOWER = [MOUTH_CORNER_INNER[0], ...LOWER_INNER, MOUTH_CORNER_INNER[1]];
const OUTER_UPPER = [MOUTH_CORNER_OUTER[0], ...UPPER_OUTER, MOUTH_CORNER_OUTER[1]];
const OUTER_LOWER = [MOUTH_CORNER_OUTER[0], ...LOWER_OUTER, MOUTH_CORNER_OUTER[1]];

export interface Closeup {
  /** PNG: the mouth, then each eye, side by side. */
  png: Buffer;
  /** Human's inner-lip gap over mouth width on this frame (as mouthGap reads the whole frame); null when it finds no face. */
  mouthGap: number | null;
}

type Point = readonly [number, number];

/**
 * A frame of the rig at `weights`, zoomed on the mouth and on both eyes, with the rig's own
 * contours dashed (inner lips red and magenta, outer lips blue and white, lids green and cyan) and,
 * on the mouth, the lip lines Human's mesh reads on the frame itself, solid (inner lime and cyan,
 * outer yellow and orange). It shows why a mouth-gap reading is what it is: where the reader puts
 * the lips against where the rig moved them.
 */
export async function faceCloseup(rig: Rig, textures: DecodedTextures, weights: RigWeights): Promise<Closeup> {
  const frame = renderRigRgba(rig, textures, weights);
  const positions = evaluateRig(rig, weights);
  const rigPoint = (i: number): Point => [positions[i * 2]!, positions[i * 2 + 1]!];
  const png = await sharp(Buffer.from(frame.data), { raw: { width: frame.width, height: frame.height, channels: 4 } }).png().toBuffer();
  const face = await analyseFace(png, { checkRange: false, eyes: false, confirm: false });
  const read = face.ok ? (i: number): Point => [face.mesh[i]![0], face.mesh[i]![1]] : null;
  const gap = read ? innerLipGap(read) : null;

  const mouthLines = [
    ...[[INNER_UPPER, 'red'], [INNER_LOWER, 'magenta'], [OUTER_UPPER, 'blue'], [OUTER_LOWER, 'white']].map(([ids, colour]) => ({ points: (ids as number[]).map(rigPoint), colour: colour as string, dashed: true })),
    ...(read ? [[INNER_UPPER, 'lime'], [INNER_LOWER, 'cyan'], [OUTER_UPPER, 'yellow'], [OUTER_LOWER, 'orange']].map(([ids, colour]) => ({ points: (ids as number[]).map(read), colour: colour as string, dashed: false })) : []),
  ];
  const tiles = [await tile(png, frame.width, frame.height, rigPoint(61), rigPoint(291), mouthLines)];
  for (const eye of [EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT]) {
    const lid = (ids: readonly number[], colour: string) => ({ points: [eye.corners[0], ...ids, eye.corners[1]].map(rigPoint), colour, dashed: true });
    tiles.push(await tile(png, frame.width, frame.height, rigPoint(eye.corners[0]), rigPoint(eye.corners[1]), [lid(eye.upperLid, 'lime'), lid(eye.lowerLid, 'cyan')]));
  }
  const metas = await Promise.all(tiles.map((t) => sharp(t).metadata()));
  const width = metas.reduce((s, m) => s + m.width!, 0), height = Math.max(...metas.map((m) => m.height!));
  let left = 0;
  const layout = tiles.map((input, k) => { const at = { input, left, top: 0 }; left += metas[k]!.width!; return at; });
  return { png: await sharp({ create: { width, height, channels: 3, background: '#000' } }).composite(layout).png().toBuffer(), mouthGap: gap };
}

const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The frame around the segment a-b (1.8 times as wide as it is long), zoomed, with the lines drawn on it. */
async function tile(png: Buffer, width: number, height: number, a: Point, b: Point, lines: Array<{ points: Point[]; colour: string; dashed: boolean }>): Promise<Buffer> {
  const half = Math.max(8, distance(a, b) * 0.9);
  const cx = (a[0] + b[0]) / 2, cy = (a[1] + b[1]) / 2;
  const left = Math.max(0, Math.min(width - 1, Math.round(cx - half))), top = Math.max(0, Math.min(height - 1, Math.round(cy - half * 0.7)));
  const w = Math.min(width - left, Math.round(half * 2)), h = Math.min(height - top, Math.round(half * 1.4));
  const polylines = lines.map(({ points, colour, dashed }) => `<polyline fill="none" stroke="${colour}" stroke-width="1"${dashed ? ' stroke-dasharray="3,3"' : ''} points="${points.map(([x, y]) => `${((x - left) * ZOOM).toFixed(1)},${((y - top) * ZOOM).toFixed(1)}`).join(' ')}"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w * ZOOM}" height="${h * ZOOM}">${polylines.join('')}</svg>`;
  return sharp(png).extract({ left, top, width: w, height: h }).resize(w * ZOOM, h * ZOOM, { kernel: 'nearest' }).composite([{ input: Buffer.from(svg) }]).png().toBuffer();
}
