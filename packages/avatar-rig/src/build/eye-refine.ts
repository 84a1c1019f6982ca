import { signedArea2 } from '../geometry/signed-area';
import type { Vec3 } from './face-frame';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, type EyeLandmarks } from './landmarks';
import { eyeWhite, type EyeWhite } from './eye-white';
import { sampleAt } from './photo-sample';
import { smoothstep } from '../geometry/smoothstep';

/** An iris in portrait pixels. */
export interface PortraitIris { center: [number, number]; radius: number }

/** The lid contour and everything within this many eye widths of the eye's middle move all the way. */
const FULL_MOVE_RADIUS = 0.6;
/** Beyond that the move fades out smoothly over at least this many eye widths, and at least 3x the move. */
const FADE_WIDTH = 1;
/** A lid contour this far (in eye widths) from where the iris says the eye is, or nearer, is left as it is. */
const TOLERANCE = 0.08;
/** Where along the opening (corner to corner) an iris may look. */
const GAZE_RANGE: [number, number] = [0.3, 0.7];

/**
 * Human's face mesh sometimes draws an eye's lids off the eye: on a squint (softui-charles: the
 * contour on the lower lid) or on a turned and tilted head (argon-ivana-square, tabler-male-28).
 * Its iris model, run on the eye itself, finds the iris where it is. A blink that closes the mesh's
 * lids then leaves the real eye open. Per eye, the lid contour is moved so that the iris sits
 * midway between the lids, as far along the opening as in the other eye (the two look the same
 * way) unless `photo` (the portrait, RGBA, `size` square) shows the eye's white beyond the moved
 * contour's corners more than beyond Human's, with the skin around it following less and less
 * further out (brow and cheek barely); the move is halved should a triangle of the mesh fold.
 * Returns the mesh (a copy) and each eye's move in portrait pixels.
 */
export function refineEyes(input: ReadonlyArray<Vec3>, irises: { imageLeft: PortraitIris; imageRight: PortraitIris } | null, triangles: readonly number[], photo?: { rgba: Uint8Array | Buffer; size: number }): { mesh: Vec3[]; moves: Array<[number, number]> } {
  let mesh: Vec3[] = input.map((p) => [p[0], p[1], p[2]]);
  if (!irises) return { mesh, moves: [] };
  const landmarks = [EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT] as const, eyeIrises = [irises.imageLeft, irises.imageRight] as const;
  const eyes = landmarks.map((eye, k) => placement(mesh, eye, eyeIrises[k]!));
  // Both eyes look the same way: the iris of the eye whose lids are placed well sits as far along
  // its opening as the other's should. The better placed is the one with its iris nearer the middle.
  const reference = eyes.map((e) => e.along).sort((a, b) => Math.abs(a - 0.5) - Math.abs(b - 0.5))[0]!;
  const gaze = Math.min(GAZE_RANGE[1], Math.max(GAZE_RANGE[0], reference));
  const moves = eyes.map((eye, k): [number, number] => {
    // Equal shares hold for a straight look, or one at something near; a look to one side moves
    // one iris outwards and the other inwards (each share runs from the outer corner), and moving
    // the lids to equal shares then took them off the eye (softui-brooke, softui-ivana: a quarter
    // of its width, the eye's inner white left open by a blink). Where the photo tells the eye's
    // white from its skin, the lids stay where Human put them if that leaves less of the white
    // beyond their corners than the move would.
    const moved = Math.abs(eye.along - gaze) > TOLERANCE ? gaze : eye.along;
    const white = photo && moved !== eye.along ? eyeWhite(input, landmarks[k]!, eyeIrises[k]!, photo.rgba, photo.size) : null;
    const [stay, move] = white && photo ? [whiteBeyondCorners(input, landmarks[k]!, eye, eye.along, white, photo), whiteBeyondCorners(input, landmarks[k]!, eye, moved, white, photo)] : [null, null];
    const irisAt = stay !== null && move !== null && stay < move ? eye.along : moved;
    const dAlong = (eye.along - irisAt) * eye.width;
    const dAcross = Math.abs(eye.across) > TOLERANCE * eye.width ? eye.across : 0;
    if (dAlong === 0 && dAcross === 0) return [0, 0];
    const wanted: [number, number] = [dAlong * eye.axis[0] - dAcross * eye.axis[1], dAlong * eye.axis[1] + dAcross * eye.axis[0]];
    const inner = FULL_MOVE_RADIUS * eye.width, outer = inner + Math.max(FADE_WIDTH * eye.width, 3 * Math.hypot(...wanted));
    for (let share = 1; share > 0.1; share /= 2) {
      const moved = mesh.map((p): Vec3 => {
        const w = 1 - smoothstep(inner, outer, Math.hypot(p[0] - eye.centre[0], p[1] - eye.centre[1]));
        return [p[0] + wanted[0] * share * w, p[1] + wanted[1] * share * w, p[2]];
      });
      if (!meshFolds(input, moved, triangles)) { mesh = moved; return [wanted[0] * share, wanted[1] * share]; }
    }
    return [0, 0];
  });
  return { mesh, moves };
}

interface EyePlacement {
  /** Corner to corner, unit vector; width between the corners. */
  axis: [number, number];
  width: number;
  /** Middle of the lid contour. */
  centre: [number, number];
  /** The iris centre's share of the way from the first corner to the second. */
  along: number;
  /** The iris centre's distance from the middle between the lids at it, across the eye (px). */
  across: number;
  /** The lids' distance at the iris, and the iris radius (px). */
  opening: number;
  radius: number;
}

/** Where the iris sits in the mesh's lid opening. */
function placement(mesh: ReadonlyArray<Vec3>, eye: EyeLandmarks, iris: PortraitIris): EyePlacement {
  const a = mesh[eye.corners[0]]!, b = mesh[eye.corners[1]]!;
  const width = Math.max(1e-6, Math.hypot(b[0] - a[0], b[1] - a[1]));
  const ux = (b[0] - a[0]) / width, uy = (b[1] - a[1]) / width;
  const along = (p: readonly number[]) => ((p[0]! - a[0]) * ux + (p[1]! - a[1]) * uy) / width;
  const across = (p: readonly number[]) => (p[0]! - a[0]) * -uy + (p[1]! - a[1]) * ux;
  const t = along(iris.center);
  // Each lid's position across the eye at the iris, read off its contour (corners included).
  const lidAt = (lid: readonly number[]) => {
    const pts = [eye.corners[0], ...lid, eye.corners[1]].map((i) => [along(mesh[i]!), across(mesh[i]!)] as const).sort((p, q) => p[0] - q[0]);
    const tc = Math.min(pts.at(-1)![0], Math.max(pts[0]![0], t));
    for (let k = 1; k < pts.length; k++) {
      if (tc <= pts[k]![0]) { const [t0, s0] = pts[k - 1]!, [t1, s1] = pts[k]!; return t1 > t0 ? s0 + ((tc - t0) / (t1 - t0)) * (s1 - s0) : s0; }
    }
    return pts.at(-1)![1];
  };
  const contour = [...eye.corners, ...eye.upperLid, ...eye.lowerLid];
  const centre: [number, number] = [contour.reduce((s, i) => s + mesh[i]![0], 0) / contour.length, contour.reduce((s, i) => s + mesh[i]![1], 0) / contour.length];
  const upper = lidAt(eye.upperLid), lower = lidAt(eye.lowerLid);
  return { axis: [ux, uy], width, centre, along: t, across: across(iris.center) - (upper + lower) / 2, opening: Math.abs(lower - upper), radius: iris.radius };
}

/** A triangle squeezed below this share of its area counts as folded. */
const MIN_AREA_KEPT = 0.2;

/** Whether any mesh triangle changes orientation or goes (nearly) flat between the two meshes. */
export function meshFolds(before: ReadonlyArray<Vec3>, after: ReadonlyArray<Vec3>, triangles: readonly number[]): boolean {
  const flat = (m: ReadonlyArray<Vec3>) => m.flatMap((p) => [p[0], p[1]]);
  const pb = flat(before), pa = flat(after);
  for (let t = 0; t < triangles.length; t += 3) {
    const [i, j, k] = [triangles[t]!, triangles[t + 1]!, triangles[t + 2]!];
    const ab = signedArea2(pb, i, j, k), aa = signedArea2(pa, i, j, k);
    if (Math.abs(ab) < 1e-9) continue;
    if (aa / ab < MIN_AREA_KEPT) return true;
  }
  return false;
}

/** How far beyond each corner, in eye widths, the eye's white is looked for. */
const BEYOND_CORNER = 0.3;
/** Samples beyond each corner, and the lines across the eye they are read along. */
const BEYOND_STEPS = 8;
const ACROSS_LINES = [-0.06, 0, 0.06];

/**
 * How many samples of the eye's `white` (eye-white.ts) lie beyond the corners of the lid contour
 * moved along the eye so that its iris sits at share `irisAt` from the outer corner: on a contour
 * placed on the eye, none (skin, lashes, the pink inner corner lie there); on one off the eye, its
 * white on the side the contour left.
 */
function whiteBeyondCorners(mesh: ReadonlyArray<Vec3>, eye: EyeLandmarks, placed: EyePlacement, irisAt: number, white: EyeWhite, photo: { rgba: Uint8Array | Buffer; size: number }): number {
  const shift = (placed.along - irisAt) * placed.width;
  const [ux, uy] = placed.axis;
  let count = 0;
  eye.corners.forEach((corner, c) => {
    const outwards = c === 0 ? -1 : 1;
    const p = mesh[corner]!;
    for (const across of ACROSS_LINES) {
      for (let step = 1; step <= BEYOND_STEPS; step++) {
        const d = outwards * (step / BEYOND_STEPS) * BEYOND_CORNER * placed.width;
        const x = p[0] + ux * (shift + d) - uy * across * placed.width, y = p[1] + uy * (shift + d) + ux * across * placed.width;
        if (white.isWhite(sampleAt(photo.rgba, photo.size, x, y))) count++;
      }
    }
  });
  return count;
}
