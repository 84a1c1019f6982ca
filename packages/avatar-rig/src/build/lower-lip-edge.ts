import type { Vec3 } from './face-frame';
import { meshFolds } from './eye-refine';
import { LOWER_INNER } from './landmarks';
import { LOWER_OUTER, LOWER_RINGS, moveLipColumn } from './lip-refine';
import { lerp3, median, median3, sampleAt } from './photo-sample';

/**
 * Lips at least this much redder (red share (r-g)/r) than the skin under them show their edge;
 * paler lips, a beard or a black-and-white photo keep Human's contour.
 */
const MIN_RED_CONTRAST = 0.2;
/** Where the lip and the skin under it are read, in shares of the way from the inner lip (0) to Human's outer contour (1). */
const LIP_SHARES = [0.25, 0.35, 0.45, 0.55];
const SKIN_SHARES = [1.8, 1.9, 2, 2.1];
/** The edge is looked for, and the contour moved, within this range of shares. */
const EDGE_FROM = 0.6;
const EDGE_TO = 1.5;
const STEP = 0.025;

/**
 * Human's outer contour of the lower lip lies up to a third of the lip's height off the lip's red
 * edge (md-team-1: 5 px below it, on the skin; clm-audrey: 4-6 px inside it). Pressing the lips
 * for m, b and p thins the lip between its contours: md-team-1's pressed lower lip showed mostly
 * skin, a pale band under a red line, while the part of clm-audrey's lip left outside stayed as tall
 * as it was. Per column (the corner columns keep Human's), this reads the photo from the inner lip
 * outwards and moves the outer contour (the rings between follow) to where the red share falls
 * half-way from the lip's to the skin's, should the lip be clearly redder than the skin. A median of
 * three keeps one column's shadow or highlight from bending the contour; a move that would fold
 * a triangle is halved until it does not. Texture coordinates follow the mesh, so the rest frame is
 * unchanged.
 */
export function refineLowerLipEdge(input: ReadonlyArray<Vec3>, rgba: Uint8Array | Buffer, size: number, triangles: readonly number[]): Vec3[] {
  const mesh = input.map((p): Vec3 => [p[0], p[1], p[2]]);
  const shares = LOWER_OUTER.map((outer, k) => {
    if (k === 0 || k === LOWER_OUTER.length - 1) return 1;
    return edgeShare(mesh[LOWER_INNER[k]!]!, mesh[outer]!, rgba, size);
  });
  const edge = median3(shares);
  if (edge.every((s) => s === 1)) return mesh;
  for (let share = 1; share > 0.1; share /= 2) {
    const moved = mesh.map((p): Vec3 => [p[0], p[1], p[2]]);
    LOWER_OUTER.forEach((outer, k) => {
      const inner = mesh[LOWER_INNER[k]!]!;
      const to = lerp3(inner, mesh[outer]!, 1 + share * (edge[k]! - 1));
      moveLipColumn(moved, LOWER_INNER[k]!, LOWER_RINGS.map((r) => r[k]!), outer, inner, { inner, outer: to });
    });
    if (!meshFolds(mesh, moved, triangles)) return moved;
  }
  return mesh;
}

/** Where the lip's red ends along one column, as a share of the way to Human's outer contour; 1 when the photo shows no clear edge. */
function edgeShare(inner: Vec3, outer: Vec3, rgba: Uint8Array | Buffer, size: number): number {
  const red = (t: number) => { const p = lerp3(inner, outer, t); return sampleAt(rgba, size, p[0], p[1]).red; };
  const lip = median(LIP_SHARES.map(red)), skin = median(SKIN_SHARES.map(red));
  if (lip - skin < MIN_RED_CONTRAST) return 1;
  const half = (lip + skin) / 2;
  for (let t = EDGE_FROM; t <= EDGE_TO; t += STEP) if (red(t) < half) return t;
  return 1;
}
