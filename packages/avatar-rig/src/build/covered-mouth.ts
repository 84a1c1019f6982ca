import { insideOrNear } from '../quality/inner-lip-polygon';
import { LOWER_INNER, MOUTH_CORNER_INNER, MOUTH_CORNER_OUTER, UPPER_INNER } from './landmarks';
import { LOWER_OUTER, UPPER_OUTER } from './lip-refine';
import type { Rgb } from './mouth-interior-texture';

/**
 * How much lighter than the cheeks beside the mouth (CIE L*) and how much greyer (chroma over the
 * cheeks') both lips must read for something else to lie over them: lips are never much lighter
 * than the skin beside them and never far less colourful. Of the 115 corpus photos with colour in
 * their cheeks (in range and out), softui-annie-spratt's fist over her mouth reads +17.5 and +21.8,
 * 0.28 and 0.27 of the cheeks' chroma; no other photo has both lips lighter by more than 1.5 (the
 * lightest single lip, argon-team-4's lit upper lip, +21.2, is 1.6 times as colourful as its cheeks).
 */
const COVER_LIGHTER = 12;
const COVER_GREYER = 0.5;
/** Cheeks less colourful than this (chroma) are a black-and-white or faded photo: lips are not judged there (a grey beard beside them reads darker than any lip). */
const MIN_CHEEK_CHROMA = 8;
/** The cheek points just outside the mouth corners, and the disks sampled around them in mouth widths. */
const CHEEKS_BESIDE_MOUTH = [205, 425] as const;
const CHEEK_RADIUS = 0.15;

/**
 * Whether something light and grey lies over the mouth (a hand, a cup): then there are no lips to
 * move, and an opening drawn there opens onto the hand. `at` gives a face mesh point in the image.
 */
export function mouthCovered(rgba: Uint8Array | Buffer, size: number, at: (i: number) => [number, number]): boolean {
  const reading = lipsAgainstCheeks(rgba, size, at);
  return reading !== null && reading.every((lip) => lip.lighter >= COVER_LIGHTER && lip.chromaShare < COVER_GREYER);
}

/** Each lip (upper, lower) against the cheeks beside the mouth: how much lighter (L*) and its chroma over theirs; null for grey cheeks. */
function lipsAgainstCheeks(rgba: Uint8Array | Buffer, size: number, at: (i: number) => [number, number]): Array<{ lighter: number; chromaShare: number }> | null {
  const [left, right] = MOUTH_CORNER_OUTER, [innerLeft, innerRight] = MOUTH_CORNER_INNER;
  const upper = [left, ...UPPER_OUTER, right, innerRight, ...[...UPPER_INNER].reverse(), innerLeft].map(at);
  const lower = [left, ...LOWER_OUTER, right, innerRight, ...[...LOWER_INNER].reverse(), innerLeft].map(at);
  const radius = CHEEK_RADIUS * Math.hypot(at(right)[0] - at(left)[0], at(right)[1] - at(left)[1]);
  const disks = CHEEKS_BESIDE_MOUTH.map((i) => (x: number, y: number) => Math.hypot(x - at(i)[0], y - at(i)[1]) <= radius);
  const diskBounds = CHEEKS_BESIDE_MOUTH.map(at).flatMap(([x, y]): Array<[number, number]> => [[x - radius, y - radius], [x + radius, y + radius]]);
  const cheeks = meanLab(rgba, size, (x, y) => disks.some((inDisk) => inDisk(x, y)), diskBounds);
  if (!cheeks || chroma(cheeks) < MIN_CHEEK_CHROMA) return null;
  return [upper, lower].map((band) => {
    const lip = meanLab(rgba, size, (x, y) => insideOrNear(band, x, y, 0), band) ?? cheeks;
    return { lighter: lip[0] - cheeks[0], chromaShare: chroma(lip) / chroma(cheeks) };
  });
}

const chroma = (lab: Rgb) => Math.hypot(lab[1], lab[2]);

/** Mean CIE L*a*b* of the pixels whose centres `inside` takes, within the box of `bounds`; null when it takes none. */
function meanLab(rgba: Uint8Array | Buffer, size: number, inside: (x: number, y: number) => boolean, bounds: Array<[number, number]>): Rgb | null {
  const xs = bounds.map((p) => p[0]), ys = bounds.map((p) => p[1]);
  const sum: Rgb = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(size - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(size - 1, Math.ceil(Math.max(...xs))); x++) {
      if (!inside(x + 0.5, y + 0.5)) continue;
      const o = (y * size + x) * 4;
      const lab = toLab([rgba[o]!, rgba[o + 1]!, rgba[o + 2]!]);
      sum[0] += lab[0]; sum[1] += lab[1]; sum[2] += lab[2];
      n++;
    }
  }
  return n ? [sum[0] / n, sum[1] / n, sum[2] / n] : null;
}

/** sRGB (0-255) to CIE L*a*b* (D65). */
function toLab([r, g, b]: Rgb): Rgb {
  const linear = (c: number) => { const s = c / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  const R = linear(r), G = linear(g), B = linear(b);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.9505), y = f(0.2126 * R + 0.7152 * G + 0.0722 * B), z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.089);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
