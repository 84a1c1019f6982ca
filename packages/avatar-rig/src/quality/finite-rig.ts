import type { Rig } from '../types';

/**
 * How many of a rig's numbers (vertices, depths, target deltas, face regions) are not finite. A
 * NaN serialises as null: the saved avatar would draw triangles nowhere, and nothing else in the
 * rig's quality (holes, PSNR: comparisons with NaN are false) notices it.
 */
export function nonFiniteNumbers(rig: Rig): number {
  const regions = Object.values(rig.face).flatMap((r) => [r.x, r.y, r.width, r.height]);
  const numbers = [...rig.vertices, ...(rig.depth ?? []), ...rig.targets.flatMap((t) => t.deltas), ...regions];
  return numbers.filter((x) => !Number.isFinite(x)).length;
}
