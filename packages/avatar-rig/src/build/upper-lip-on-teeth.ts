import type { Vec3 } from './face-frame';
import { UPPER_INNER } from './landmarks';
import { LOWER_RINGS, moveLipColumn, UPPER_OUTER, UPPER_RINGS } from './lip-refine';
import { median, sampleAt, type PhotoSample } from './photo-sample';

/** A lip ring whose median red share is under this share of the other lip's is teeth, not lip. */
const TEETH_RED_OF_LIP = 0.35;
/** And at least this much brighter (luma, 0-255) than the other lip. */
const TEETH_BRIGHTER = 12;
/** A sample at least this share of the lower lip's red share is lip. */
const LIP_RED_OF_LIP = 0.8;
/** How far (in Human's lip heights) above Human's outer contour the lip is looked for. */
const REACH = 1.5;
/** Fewer columns than this with the lip found above the teeth: Human's upper lip stays where it is. */
const MIN_COLUMNS = 3;
/** Sampling step along a column (portrait pixels). */
const STEP = 0.5;

/**
 * Human's upper lip laid on the upper teeth of a laugh, moved up onto the lip above them. On a
 * small, soft laugh Human may fit its upper lip's outer contour to the teeth's top and its inner
 * one to their edge (softui-ivana shrunk to a face 157 px high and blurred: the ring inside the
 * outer contour reads red share 0.13, the lower lip's 0.69). Every later reading of the lips takes
 * that ring for the upper lip's colour, finds no teeth, and the lips closed for m, b and p showed a
 * row of teeth clenched on the lower lip (Human read them 0.11 mouth widths apart; 0.036 now).
 * Where that ring is teeth by colour (far less red and brighter than the lower lip: of the 155
 * corpus photos and variants read, the nearest is md-team-1 at 1.7 exposure, a flash-lit upper lip
 * at 0.52 of the lower lip's red share), each middle column is read upwards along the mouth's
 * vertical from Human's outer contour to where the lip begins, and the whole upper lip moves up by
 * its own height and the median of those distances: a blurred lip's upper edge against warm skin
 * is no edge to find by colour, and a column on its own may meet a crease (read column by column,
 * a lip edge of its own per column, the contour came out jagged and partly on the skin). The
 * columns beside the corners move half as far, the corners stay. Returns a copy of the mesh,
 * moved where that applies.
 */
export function upperLipOffTheTeeth(input: ReadonlyArray<readonly number[]>, rgba: Uint8Array | Buffer, size: number): Vec3[] {
  const mesh: Vec3[] = input.map((p) => [p[0]!, p[1]!, p[2] ?? 0]);
  const ringModel = (ring: readonly number[]) => {
    const samples = ring.slice(1, 8).map((i) => sampleAt(rgba, size, mesh[i]![0], mesh[i]![1]));
    return { y: median(samples.map((s) => s.y)), red: median(samples.map((s) => s.red)) };
  };
  const upper = ringModel(UPPER_RINGS[0]!), lower = ringModel(LOWER_RINGS[0]!);
  if (!(upper.y > lower.y + TEETH_BRIGHTER && upper.red < TEETH_RED_OF_LIP * lower.red)) return mesh;
  const isLip = (s: PhotoSample) => s.red >= LIP_RED_OF_LIP * lower.red;
  const top = mesh[UPPER_OUTER[4]]!, bottom = mesh[UPPER_INNER[4]]!;
  const length = Math.hypot(bottom[0] - top[0], bottom[1] - top[1]) || 1;
  const up = [(top[0] - bottom[0]) / length, (top[1] - bottom[1]) / length] as const;
  const heights = UPPER_INNER.map((innerIndex, k) => {
    const inner = mesh[innerIndex]!, outer = mesh[UPPER_OUTER[k]!]!;
    return Math.max(1, (outer[0] - inner[0]) * up[0] + (outer[1] - inner[1]) * up[1]);
  });
  // Where the lip begins above Human's outer contour, in that column's lip heights (middle columns only).
  const found = UPPER_INNER.map((_, k) => {
    if (k === 0 || k === UPPER_INNER.length - 1) return null;
    const outer = mesh[UPPER_OUTER[k]!]!;
    for (let d = 0; d <= REACH * heights[k]!; d += STEP) {
      if (isLip(sampleAt(rgba, size, outer[0] + up[0] * d, outer[1] + up[1] * d))) return d / heights[k]!;
    }
    return null;
  });
  const shares = found.filter((f): f is number => f !== null);
  if (shares.length < MIN_COLUMNS) return mesh;
  // One lift for the whole lip (a column on its own may meet a crease), less by half at the columns beside the corners.
  const lift = 1 + median(shares);
  UPPER_INNER.forEach((innerIndex, k) => {
    const taper = k === 0 || k === UPPER_INNER.length - 1 ? 0.5 : 1;
    const d = taper * lift * heights[k]!;
    const inner = mesh[innerIndex]!, outer = mesh[UPPER_OUTER[k]!]!;
    const move = (p: Vec3): Vec3 => [p[0] + up[0] * d, p[1] + up[1] * d, p[2]];
    moveLipColumn(mesh, innerIndex, UPPER_RINGS.map((r) => r[k]!), UPPER_OUTER[k]!, inner, { inner: move(inner), outer: move(outer) });
  });
  return mesh;
}
