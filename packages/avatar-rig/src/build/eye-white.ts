import type { Vec3 } from './face-frame';
import type { PortraitIris } from './eye-refine';
import type { EyeLandmarks } from './landmarks';
import { lerp3, median, sampleAt, type PhotoSample } from './photo-sample';

/** White of the eye and lid skin must differ by this much luma (0-255)... */
const MIN_CONTRAST = 15;
/**
 * ...or, the white about as bright as the skin, by this much warmth (saturation plus red share):
 * on a brightly lit face (argon-marie's eye under its lashes: white luma 149, skin 143) the luma
 * rule could not tell them apart, no lid was read, and a blink closed the lids onto Human's lower
 * contour, 4 px up the white, which stayed in sight under the closed lashes. There the white's
 * warmth is -0.03 and the skin's 0.62.
 */
const MIN_WARMTH_CONTRAST = 0.25;
/**
 * Colour tells only on a lit face, its lid skin at least this luma: behind tabler-female-24's red
 * sunglasses (luma 15) the lens's grey reflection read as a cool white and a blink dragged it
 * down, and clm-audrey darkened (skin 49) read colours too noisy to trust.
 */
const LIT_SKIN = 100;

export interface EyeWhite {
  /** A sample that is the eye's white: nearer its luma and saturation than the lid skin's. */
  isWhite: (s: PhotoSample) => boolean;
  /** A sample inside the iris, clearly darker than the lid skin. */
  isIrisDark: (s: PhotoSample, x: number, y: number) => boolean;
  /**
   * A sample of the lower lid's rim under the white (its wet margin, pale grey-pink): lighter and
   * less saturated than the lid skin. A closed lid covers it; left below the closed lashes it read
   * as a light line (argon-ivana-square: rim luma 170-200, saturation 0.15-0.25, skin 150-160, 0.3).
   */
  isPaleRim: (s: PhotoSample) => boolean;
}

/**
 * The eye's white as the lid readers tell it from the lids: the brightest third of what lies
 * between the lids beside the iris (the lids' lashes and shadows take the rest), against the lid
 * skin along the fold below, told by luma or, about as bright, by colour (MIN_WARMTH_CONTRAST). Null
 * when the two cannot be told apart (a dim or shaded eye).
 */
export function eyeWhite(mesh: ReadonlyArray<Vec3>, eye: EyeLandmarks, iris: PortraitIris, rgba: Uint8Array | Buffer, size: number): EyeWhite | null {
  const inIris = (x: number, y: number) => Math.hypot(x - iris.center[0], y - iris.center[1]) < iris.radius;
  const between: PhotoSample[] = [], skin: PhotoSample[] = [];
  eye.upperLid.forEach((up, k) => {
    for (const t of [0.3, 0.5, 0.7]) {
      const m = lerp3(mesh[up]!, mesh[eye.lowerLid[k]!]!, t);
      if (Math.hypot(m[0] - iris.center[0], m[1] - iris.center[1]) > 1.15 * iris.radius) between.push(sampleAt(rgba, size, m[0], m[1]));
    }
    const f = mesh[eye.lowerFold[k]!]!;
    skin.push(sampleAt(rgba, size, f[0], f[1]));
  });
  const white = between.sort((a, b) => b.y - a.y).slice(0, Math.ceil(between.length / 3));
  if (white.length < 2) return null;
  const w = { y: median(white.map((s) => s.y)), sat: median(white.map((s) => s.sat)), warmth: median(white.map(warmth)) };
  const s = { y: median(skin.map((x) => x.y)), sat: median(skin.map((x) => x.sat)), warmth: median(skin.map(warmth)) };
  const isIrisDark = (x: PhotoSample, px: number, py: number) => inIris(px, py) && x.y < s.y - MIN_CONTRAST;
  const isPaleRim = (x: PhotoSample) => x.y >= s.y + MIN_CONTRAST / 2 && x.sat < s.sat;
  if (w.y >= s.y + MIN_CONTRAST && w.sat <= s.sat) return { isWhite: (x) => x.y > (w.y + s.y) / 2 && x.sat < (w.sat + s.sat) / 2, isIrisDark, isPaleRim };
  // A brightly lit face: the white no brighter than the skin, but plainly cooler.
  if (s.y < LIT_SKIN || w.y < s.y - MIN_CONTRAST || s.warmth - w.warmth < MIN_WARMTH_CONTRAST) return null;
  return { isWhite: (x) => x.y > s.y - 2 * MIN_CONTRAST && warmth(x) < (w.warmth + s.warmth) / 2, isIrisDark, isPaleRim };
}

/** How skin-like a sample's colour is: its saturation and red share together (an eye's white is neither). */
const warmth = (x: PhotoSample) => x.sat + x.red;
