import type { Vec3 } from './face-frame';
import { lerp3, median, median3, runAlong, sampleAt } from './photo-sample';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, type EyeLandmarks } from './landmarks';

/** Steps read from the upper lid contour towards the crease above it. */
const STEPS = 16;
/** The margin (lashes and lid edge) takes at least and at most this share of the way to the crease. */
const MIN_SHARE = 0.2;
const MAX_SHARE = 0.7;
/** Lashes: this much darker (luma, 0-255) than the skin under the eye. */
const LASH_CONTRAST = 30;

/**
 * The upper lid's margin: per lid column, where its lashes (and eyeliner) end on the way from the
 * lid contour up to the crease. A blink moves the margin down whole with the lid and stretches only
 * the skin above it; stretched from the contour to the crease alike, the lashes of a made-up eye
 * (clm-audrey, clm-kim1-crop) were drawn out into a dark smear over the closed eye. The photo is
 * read from the contour towards the crease while it is darker than the skin under the eye (one
 * light step does not end the run); a lid without dark lashes keeps a thin margin all the same.
 * One column alone may read a stray hair: median of three, the end columns kept as read.
 */
export function upperLidMargins(mesh: ReadonlyArray<Vec3>, rgba: Uint8Array | Buffer, size: number): { imageLeft: Vec3[]; imageRight: Vec3[] } {
  return { imageLeft: margin(mesh, EYE_IMAGE_LEFT, rgba, size), imageRight: margin(mesh, EYE_IMAGE_RIGHT, rgba, size) };
}

function margin(mesh: ReadonlyArray<Vec3>, eye: EyeLandmarks, rgba: Uint8Array | Buffer, size: number): Vec3[] {
  const skinY = median(eye.lowerFold.map((i) => sampleAt(rgba, size, mesh[i]![0], mesh[i]![1]).y));
  const found = eye.upperLid.map((lid, k) => {
    const run = runAlong(rgba, size, mesh[lid]!, mesh[eye.upperCrease[k]!]!, STEPS, (s) => s.y < skinY - LASH_CONTRAST);
    return Math.min(MAX_SHARE, Math.max(MIN_SHARE, run / STEPS));
  });
  const share = median3(found);
  return eye.upperLid.map((lid, k) => lerp3(mesh[lid]!, mesh[eye.upperCrease[k]!]!, share[k]!));
}
