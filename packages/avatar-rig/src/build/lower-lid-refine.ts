import type { Vec3 } from './face-frame';
import type { PortraitIris } from './eye-refine';
import { meshFolds } from './eye-refine';
import { lerp3, median, median3, runAlong, sampleAt, type PhotoSample } from './photo-sample';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, type EyeLandmarks } from './landmarks';

/** Steps read from the lower lid contour towards the fold below it. */
const STEPS = 16;
/** The contour moves at most this share of the way to the fold: the lid keeps some skin below it. */
const MAX_REACH = 0.6;
/** White of the eye and lid skin must differ by this much luma (0-255), or the eye is left as it is. */
const MIN_CONTRAST = 15;

/**
 * Human's lower lid contour often lies on the white of the eye, above the real lid (clm-audrey:
 * 2-4 px on a 30 px eye). A blink then closes the lids onto the contour and leaves the white below
 * it showing, a pale band under the closed lid that reads as eyes rolled back. Per lid column this
 * reads the photo from the contour towards the fold below it: while it sees the eye's white (or
 * the iris's dark inside the iris), the lid lies further down, and the contour moves there (at most
 * MAX_REACH of the way, halved should a triangle fold). The photo stays where it is: texture
 * coordinates follow the mesh, so the rest frame is unchanged; only the blink closes further.
 */
export function refineLowerLids(input: ReadonlyArray<Vec3>, rgba: Uint8Array | Buffer, size: number, irises: { imageLeft: PortraitIris; imageRight: PortraitIris } | null, triangles: readonly number[]): Vec3[] {
  let mesh: Vec3[] = input.map((p) => [p[0], p[1], p[2]]);
  if (!irises) return mesh;
  for (const [eye, iris] of [[EYE_IMAGE_LEFT, irises.imageLeft], [EYE_IMAGE_RIGHT, irises.imageRight]] as const) {
    const targets = lidTargets(mesh, eye, iris, rgba, size);
    if (!targets) continue;
    for (let share = 1; share > 0.1; share /= 2) {
      const moved = mesh.map((p): Vec3 => [p[0], p[1], p[2]]);
      eye.lowerLid.forEach((i, k) => { moved[i] = lerp3(mesh[i]!, targets[k]!, share); });
      if (!meshFolds(mesh, moved, triangles)) { mesh = moved; break; }
    }
  }
  return mesh;
}

/** Where each lower lid point should be, or null when the eye's white cannot be told from its skin. */
function lidTargets(mesh: ReadonlyArray<Vec3>, eye: EyeLandmarks, iris: PortraitIris, rgba: Uint8Array | Buffer, size: number): Vec3[] | null {
  const inIris = (x: number, y: number) => Math.hypot(x - iris.center[0], y - iris.center[1]) < iris.radius;
  // The white: the brightest third of what lies between the lids beside the iris (the lids'
  // lashes and shadows take the rest). The lid skin: along the fold below.
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
  const w = { y: median(white.map((s) => s.y)), sat: median(white.map((s) => s.sat)) };
  const s = { y: median(skin.map((x) => x.y)), sat: median(skin.map((x) => x.sat)) };
  if (w.y < s.y + MIN_CONTRAST || w.sat > s.sat) return null;
  const isWhite = (x: PhotoSample) => x.y > (w.y + s.y) / 2 && x.sat < (w.sat + s.sat) / 2;
  const isIrisDark = (x: PhotoSample, px: number, py: number) => inIris(px, py) && x.y < s.y - MIN_CONTRAST;
  const found = eye.lowerLid.map((i, k) => {
    const from = mesh[i]!, to = lerp3(from, mesh[eye.lowerFold[k]!]!, MAX_REACH);
    // The contour may sit on the lid's edge itself: one step that is not eye does not end the run.
    const run = runAlong(rgba, size, from, to, STEPS, (x, p) => isWhite(x) || isIrisDark(x, p[0], p[1]));
    return run < 2 ? 0 : run / STEPS;
  });
  // One column alone may read a reflection: median of three, the corner columns kept as read.
  const reach = median3(found);
  if (reach.every((t) => t === 0)) return null;
  return eye.lowerLid.map((i, k) => lerp3(mesh[i]!, lerp3(mesh[i]!, mesh[eye.lowerFold[k]!]!, MAX_REACH), reach[k]!));
}
