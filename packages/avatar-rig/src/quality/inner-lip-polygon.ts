import { LOWER_INNER, MOUTH_CORNER_INNER, UPPER_INNER } from '../build/landmarks';

/** The inner lip contour (vertices 0-467 are the face mesh in rigs v1 and v2): corner, upper lip, other corner, lower lip back. */
export const INNER_LIP_RING = [MOUTH_CORNER_INNER[0], ...UPPER_INNER, MOUTH_CORNER_INNER[1], ...[...LOWER_INNER].reverse()];

/** True when pixel centre (px, py) lies inside the polygon or within `tolerance` px of its outline. */
export function insideOrNear(poly: ReadonlyArray<readonly [number, number]>, px: number, py: number, tolerance: number): boolean {
  let inside = false, near = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!, [xj, yj] = poly[j]!;
    if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    const dx = xj - xi, dy = yj - yi;
    const t = Math.max(0, Math.min(1, ((px - xi) * dx + (py - yi) * dy) / (dx * dx + dy * dy || 1)));
    near = Math.min(near, Math.hypot(px - xi - t * dx, py - yi - t * dy));
  }
  return inside || near <= tolerance;
}
