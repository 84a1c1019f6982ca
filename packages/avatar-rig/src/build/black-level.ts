import type { Rgb } from './mouth-interior-texture';

/** Rec. 601 luma, the same weights as the photo checks. */
export const luma = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/**
 * The black a well-exposed portrait shows on its face (luma of its darkest 1%: 15-30 over most of
 * the corpus). The cavity's shades were set against such photos; only a photo whose black lies
 * above this gets its cavity lifted, by the excess.
 */
export const TYPICAL_BLACK = 40;

/**
 * A faded photo's black (see TYPICAL_BLACK), nothing on the face being darker; fully from twice
 * TYPICAL_BLACK, fading to none at it. Zero for a well-exposed photo.
 */
export function fadedBlack(black: Rgb): Rgb {
  const t = Math.min(1, Math.max(0, (luma(black) - TYPICAL_BLACK) / TYPICAL_BLACK));
  const share = t * t * (3 - 2 * t);
  return [black[0] * share, black[1] * share, black[2] * share];
}

/** The darkest share of the face's pixels that counts as the photo's black: pupils, nostrils, lashes, the shade under the brows. */
const DARKEST_SHARE = 0.01;

/**
 * The photo's black as it shows on the face: the mean colour of the darkest 1% of the pixels in
 * the face mesh's box of an RGBA image (`size` square), darkest by Rec. 601 luma. A faded,
 * washed-out or filtered photo lifts its blacks (tabler-female-32: luma 77, where a well-exposed
 * portrait's read 15-30). Two passes over a luma histogram: no sort of the box's pixels.
 */
export function blackLevel(rgba: Uint8Array, size: number, mesh: ReadonlyArray<readonly [number, number, number]>): Rgb {
  const xs = mesh.map(([x]) => x), ys = mesh.map(([, y]) => y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs))), x1 = Math.min(size - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys))), y1 = Math.min(size - 1, Math.ceil(Math.max(...ys)));
  if (x1 < x0 || y1 < y0) return [0, 0, 0];
  const lumaAt = (o: number) => Math.round(0.299 * rgba[o]! + 0.587 * rgba[o + 1]! + 0.114 * rgba[o + 2]!);
  const histogram = new Uint32Array(256);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) histogram[lumaAt((y * size + x) * 4)]!++;
  const wanted = Math.max(1, Math.ceil((x1 - x0 + 1) * (y1 - y0 + 1) * DARKEST_SHARE));
  // The luma below which the darkest pixels lie, and how many of those exactly at it still count.
  let threshold = 0, below = 0;
  while (below + histogram[threshold]! < wanted) below += histogram[threshold++]!;
  let atThreshold = wanted - below;
  const sum = [0, 0, 0];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const o = (y * size + x) * 4, l = lumaAt(o);
      if (l > threshold || (l === threshold && atThreshold-- <= 0)) continue;
      for (let k = 0; k < 3; k++) sum[k]! += rgba[o + k]!;
    }
  }
  return sum.map((s) => s / wanted) as Rgb;
}
