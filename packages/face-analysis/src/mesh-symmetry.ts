import { faceTemplate } from './face-template';

let cached: number[] | null = null;

/**
 * For each of the 468 mesh points, its counterpart on the other half of the face (a point on the
 * midline is its own): the template point nearest to its mirror image. The template is upright and
 * centred on the midline (x = 0), so mirroring is negating x.
 */
export function meshCounterparts(): readonly number[] {
  if (cached) return cached;
  const points = faceTemplate().slice(0, 468);
  cached = points.map(([x, y, z]) => {
    let best = 0, bestDistance = Infinity;
    points.forEach(([u, v, w], j) => {
      const d = (u + x) ** 2 + (v - y) ** 2 + (w - z) ** 2;
      if (d < bestDistance) [best, bestDistance] = [j, d];
    });
    return best;
  });
  return cached;
}
