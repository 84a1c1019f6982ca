import { insideOrNear } from '../quality/inner-lip-polygon';
import { LOWER_INNER, MOUTH_CORNER_INNER, MOUTH_CORNER_OUTER, UPPER_INNER } from './landmarks';
import { LOWER_OUTER, UPPER_OUTER } from './lip-refine';
import type { Rgb } from './mouth-interior-texture';

/**
 * How grey both lips must read (chroma over the cheeks') for something else to lie over them, and
 * how much darker than the cheeks beside the mouth they may be (CIE L*): real lips are never far
 * less colourful than the skin beside them, unless they are much darker (dark lips lose chroma).
 * Over the 115 corpus photos with colour in their cheeks (in range and out), the greyest lips read
 * 0.54 of the cheeks' chroma (tabler-male-1, 24 darker); softui-annie-spratt's fist over her mouth
 * reads 0.27, 22 lighter. A grey ellipse drawn over the mouth of nine corpus faces (a derived test):
 * pale (222, 212, 206) reads 0.12-0.37 and 3 to 43 lighter, caught on all nine; mid grey
 * (150, 140, 135) 0.10-0.26, from 22 darker to 20 lighter, caught on six (not on the lightest skins,
 * 15 or more darker); near black 0.04-0.41, 19 to 67 darker, left alone (a dark shape over the
 * mouth already reads as an opening).
 */
const COVER_GREYER = 0.4;
const COVER_DARKER = 10;
/** Cheeks less colourful than this (chroma) are a black-and-white or faded photo: lips are not judged there (no colour to compare). */
const MIN_CHEEK_CHROMA = 8;
/** The cheek points just outside the mouth corners, and the disks sampled around them in mouth widths. */
const CHEEKS_BESIDE_MOUTH = [205, 425] as const;
const CHEEK_RADIUS = 0.15;

/**
 * Whether something grey, not dark, lies over the mouth (a hand in cool light, a cup, paper): then
 * there are no lips to move, and an opening drawn there opens onto it. `at` gives a face mesh point
 * in the image.
 */
export function mouthCovered(rgba: Uint8Array | Buffer, size: number, at: (i: number) => [number, number]): boolean {
  const reading = lipsAgainstCheeks(rgba, size, at);
  return reading !== null && reading.every((lip) => lip.lighter >= -COVER_DARKER && lip.chromaShare < COVER_GREYER);
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
