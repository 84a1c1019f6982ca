import sharp from 'sharp';
import { roundTo } from '../geometry/round';
import type { Rig, RigTarget } from '../types';
import { toImage, type FaceFrame } from './face-frame';
import type { Rgb } from './mouth-interior-texture';

/**
 * What the soft bands along an edge a target opens share (lip-lining.ts at the mouth,
 * lid-lining.ts under the upper lids): the photo's colour on its side of the edge carried on over
 * the opened side and fading out, as the edge would in a photo of that blur. Rendered geometry
 * has razor-cut edges; the photo's own have its blur.
 */

/** A decoded RGBA image. */
export interface Pixels { data: Buffer; width: number; height: number }

/** The band's width, in multiples of the photo's edge blur (portrait pixels), at least that of a sharp photo's. */
const WIDTH_IN_SIGMAS = 2;
const MIN_SIGMA = 0.8;
/**
 * The band's opacity on the edge: on a sharp photo the photo's own edge pixel is already part
 * blurred into its dark line there (SHARP_EDGE_OPACITY); on a blurred one the photo's edge colour
 * runs on over pixels, and a quarter step down at the edge read as a crease around the cavity
 * (md-team-1-blur, tabler-male-6-4x), so from BLURRED_SIGMA on the band starts fully opaque.
 */
const SHARP_EDGE_OPACITY = 0.75;
const SHARP_SIGMA = 1;
const BLURRED_SIGMA = 2;
const TEXTURE_HEIGHT = 16;

/** How wide (portrait pixels) a band grows at most on a photo whose edges are blurred by `blurSigma`, `inSigmas` times that blur. */
export function bandWidth(blurSigma: number, inSigmas = WIDTH_IN_SIGMAS): number {
  return inSigmas * Math.max(MIN_SIGMA, blurSigma);
}

/** How blurred a photo whose edges are blurred by `blurSigma` counts: 0 sharp (SHARP_SIGMA or less), 1 blurred (BLURRED_SIGMA or more). */
export function blurredShare(blurSigma: number): number {
  return Math.min(1, Math.max(0, (blurSigma - SHARP_SIGMA) / (BLURRED_SIGMA - SHARP_SIGMA)));
}

/**
 * How a band fades from its edge (t 0) to its far end (t 1): a smoothstep, or as a Gaussian
 * blurred edge falls off (erfc), over a band `inSigmas` times the photo's blur sigma wide.
 */
export type BandFade = { kind: 'smooth' } | { kind: 'gaussian'; inSigmas: number };

/** One column of texels per band column in its colour, opaque on the edge (v 0) as the photo's blur has it and fading out (v 1). */
export async function bandTexture(colours: Rgb[], blurSigma: number, fade: BandFade = { kind: 'smooth' }): Promise<Buffer> {
  const opacity = SHARP_EDGE_OPACITY + (1 - SHARP_EDGE_OPACITY) * blurredShare(blurSigma);
  const width = colours.length;
  const out = Buffer.alloc(width * TEXTURE_HEIGHT * 4);
  colours.forEach((colour, c) => {
    for (let r = 0; r < TEXTURE_HEIGHT; r++) {
      const t = r / (TEXTURE_HEIGHT - 1);
      const o = (r * width + c) * 4;
      out[o] = Math.round(colour[0]); out[o + 1] = Math.round(colour[1]); out[o + 2] = Math.round(colour[2]);
      out[o + 3] = Math.round(255 * opacity * (fade.kind === 'smooth' ? 1 - t * t * (3 - 2 * t) : erfc((t * fade.inSigmas) / Math.SQRT2)));
    }
  });
  return sharp(out, { raw: { width, height: TEXTURE_HEIGHT, channels: 4 } }).png().toBuffer();
}

/** The complementary error function, to 1.5e-7 (Abramowitz and Stegun 7.1.26), for x >= 0: one formula, no library needed. */
function erfc(x: number): number {
  const t = 1 / (1 + 0.3275911 * x);
  return t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
}

/** Mean colour of three pixels through (x, y) along the edge (across `across`, a unit vector), clamped to the image. */
export function meanAlongEdge({ data, width, height }: Pixels, x: number, y: number, across: readonly [number, number]): Rgb {
  const sum: Rgb = [0, 0, 0];
  for (const s of [-1, 0, 1]) {
    const px = Math.min(width - 1, Math.max(0, Math.round(x - 0.5 - s * across[1]))), py = Math.min(height - 1, Math.max(0, Math.round(y - 0.5 + s * across[0])));
    for (let k = 0; k < 3; k++) sum[k] = sum[k]! + data[(py * width + px) * 4 + k]!;
  }
  return [sum[0] / 3, sum[1] / 3, sum[2] / 3];
}

/** A target being extended with a band's vertices: where it moves any vertex, and a way to add a move. */
export function extendTarget(target: RigTarget) {
  const delta = new Map<number, [number, number]>();
  target.indices.forEach((i, k) => delta.set(i, [target.deltas[k * 2]!, target.deltas[k * 2 + 1]!]));
  const indices = [...target.indices], deltas = [...target.deltas];
  return {
    moved: (i: number): [number, number] => delta.get(i) ?? [0, 0],
    push: (i: number, d: readonly [number, number]) => {
      if (d[0] === 0 && d[1] === 0) return;
      indices.push(i);
      deltas.push(roundTo(d[0], 4), roundTo(d[1], 4));
    },
    done: (): RigTarget => ({ ...target, indices, deltas }),
  };
}

/** The face's own down axis in the image, a unit vector. */
export function faceDown(frame: FaceFrame): [number, number] {
  const raw = toImage(frame, [0, 1, 0]);
  const length = Math.hypot(raw[0], raw[1]) || 1;
  return [raw[0] / length, raw[1] / length];
}

/**
 * Appends a copy of each of `sources` to the rig (at rest where it is, with its depth) and a
 * blank UV to every layer for it (other layers never draw them); returns the first copy's index.
 */
export function appendCopies(rig: Rig, sources: readonly number[]): number {
  const first = rig.vertices.length / 2;
  for (const i of sources) {
    rig.vertices.push(rig.vertices[i * 2]!, rig.vertices[i * 2 + 1]!);
    rig.depth?.push(rig.depth[i]!);
  }
  // (Layers may share one UV array: the photo's layers do.)
  for (const layerUvs of new Set(rig.layers.map((layer) => layer.uvs))) for (let k = 0; k < sources.length; k++) layerUvs.push(0, 0);
  return first;
}
