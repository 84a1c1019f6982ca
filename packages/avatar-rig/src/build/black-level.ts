import { luma, type Rgb } from './mouth-interior-texture';

/** The darkest share of the face's pixels that counts as the photo's black: pupils, nostrils, lashes, the shade under the brows. */
const DARKEST_SHARE = 0.01;

/**
 * The photo's black as it shows on the face: the mean colour of the darkest 1% of the pixels in
 * the face mesh's box of an RGBA image (`size` square). A faded, washed-out or filtered photo
 * lifts its blacks (tabler-female-32: luma 77, where a well-exposed portrait's read 15-30).
 */
export function blackLevel(rgba: Uint8Array, size: number, mesh: ReadonlyArray<readonly [number, number, number]>): Rgb {
  const xs = mesh.map(([x]) => x), ys = mesh.map(([, y]) => y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs))), x1 = Math.min(size - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys))), y1 = Math.min(size - 1, Math.ceil(Math.max(...ys)));
  const pixels: Rgb[] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) { const o = (y * size + x) * 4; pixels.push([rgba[o]!, rgba[o + 1]!, rgba[o + 2]!]); }
  if (pixels.length === 0) return [0, 0, 0];
  pixels.sort((a, b) => luma(a) - luma(b));
  const darkest = pixels.slice(0, Math.max(1, Math.ceil(pixels.length * DARKEST_SHARE)));
  return [0, 1, 2].map((k) => darkest.reduce((sum, c) => sum + c[k]!, 0) / darkest.length) as Rgb;
}
