import type { Vec3 } from './face-frame';
import type { PortraitIris } from './eye-refine';
import { meshFolds } from './eye-refine';
import { lerp3, median3, runAlong } from './photo-sample';
import { eyeWhite, type EyeWhite } from './eye-white';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, type EyeLandmarks } from './landmarks';

/** Steps read from a lid contour towards the fold (or crease) beyond it. */
const STEPS = 16;
/**
 * A contour moves at most this share of the way to its fold or crease: the lid keeps some skin
 * beyond it (the upper lid its lashes and the skin up to the crease, which a blink brings down).
 * Reading further (READ, in the same shares), the lower contour may go on past that, and then
 * pushes its fold ahead of it by as much: Human's fold often lies on the lid's pale rim itself
 * (argon-ivana-square, softui-brooke: 2-3 px below the contour, on a 45 px eye).
 */
const MAX_REACH = { lower: 0.6, upper: 0.5 } as const;
const READ = { lower: 1.6, upper: 0.5 } as const;
/**
 * ...and the lower one at most this share of the eye's opening in its column: in a shaded eye the
 * lid skin under the rim is lighter than the fold's shadow, and the read ran on over it
 * (mk-marc's image-right eye: 6 px down an opening of 9, and the closed lid dipped into a U).
 */
const MAX_LOWER_OPENING_SHARE = 0.45;

/**
 * Human's lid contours often lie on the white of the eye, inside the real lids (clm-audrey's lower
 * lids: 2-4 px on a 30 px eye; argonfree-team-4's upper lids, on an eye looking up: 2-4 px under
 * the lashes). A blink closes the lids onto the contours: white left below the lower one stays in
 * sight under the closed lid, a pale band that reads as eyes rolled back; white above the upper one
 * comes down with the lid as a pale band under the closed lashes. Per lid column this reads the
 * photo from the contour towards the fold below it (or the crease above it): while it sees the
 * eye's white (below, also the iris's dark inside the iris and the lid's pale rim under the white,
 * which a closed lid covers; above, the iris's dark cannot be told from the lashes), the lid lies
 * further out, and the contour moves there (see MAX_REACH and READ; halved should a triangle
 * fold). The photo stays where it is: texture coordinates follow the mesh, so the rest frame is
 * unchanged; only the blink closes further.
 */
export function refineLids(input: ReadonlyArray<Vec3>, rgba: Uint8Array | Buffer, size: number, irises: { imageLeft: PortraitIris; imageRight: PortraitIris } | null, triangles: readonly number[]): Vec3[] {
  let mesh: Vec3[] = input.map((p) => [p[0], p[1], p[2]]);
  if (!irises) return mesh;
  for (const [eye, iris] of [[EYE_IMAGE_LEFT, irises.imageLeft], [EYE_IMAGE_RIGHT, irises.imageRight]] as const) {
    const white = eyeWhite(mesh, eye, iris, rgba, size);
    if (!white) continue;
    for (const side of ['lower', 'upper'] as const) {
      const targets = lidTargets(mesh, eye, side, white, rgba, size);
      if (!targets) continue;
      for (let share = 1; share > 0.1; share /= 2) {
        const moved = mesh.map((p): Vec3 => [p[0], p[1], p[2]]);
        targets.forEach((to, i) => { moved[i] = lerp3(mesh[i]!, to, share); });
        if (!meshFolds(mesh, moved, triangles)) { mesh = moved; break; }
      }
    }
  }
  return mesh;
}

/** MAX_LOWER_OPENING_SHARE of the eye's opening in lower lid column `k`, as a share of the way to the fold (0 for a shut or degenerate column). */
function lowerReachCap(mesh: ReadonlyArray<Vec3>, eye: EyeLandmarks, k: number): number {
  const distance = (a: number, b: number) => Math.hypot(mesh[a]![0] - mesh[b]![0], mesh[a]![1] - mesh[b]![1]);
  const lower = eye.lowerLid[k]!, toFold = distance(lower, eye.lowerFold[k]!);
  return toFold > 0 ? (MAX_LOWER_OPENING_SHARE * distance(lower, eye.upperLid[k]!)) / toFold : 0;
}

/** Where each point of one lid (and of the lower lid's fold it pushes) should be, or null when no column reads white beyond it. */
function lidTargets(mesh: ReadonlyArray<Vec3>, eye: EyeLandmarks, side: 'lower' | 'upper', white: EyeWhite, rgba: Uint8Array | Buffer, size: number): Map<number, Vec3> | null {
  const [lid, beyond] = side === 'lower' ? [eye.lowerLid, eye.lowerFold] : [eye.upperLid, eye.upperCrease];
  const read = READ[side];
  const found = lid.map((i, k) => {
    // The contour may sit on the lid's edge itself: one step that is not eye does not end the run.
    const run = runAlong(rgba, size, mesh[i]!, lerp3(mesh[i]!, mesh[beyond[k]!]!, read), STEPS, (x, p) => white.isWhite(x) || (side === 'lower' && (white.isIrisDark(x, p[0], p[1]) || white.isPaleRim(x))));
    return run < 2 ? 0 : Math.min((run / STEPS) * read, side === 'lower' ? lowerReachCap(mesh, eye, k) : read);
  });
  // One column alone may read a reflection: median of three, the corner columns kept as read.
  const reach = median3(found);
  if (reach.every((t) => t === 0)) return null;
  const targets = new Map<number, Vec3>();
  lid.forEach((i, k) => {
    const fold = beyond[k]!;
    targets.set(i, lerp3(mesh[i]!, mesh[fold]!, reach[k]!));
    // Past MAX_REACH the fold goes ahead of the contour, the two kept 1 - MAX_REACH of the way apart.
    const push = reach[k]! - MAX_REACH[side];
    if (push > 0) targets.set(fold, lerp3(mesh[fold]!, mesh[i]!, -push));
  });
  return targets;
}
