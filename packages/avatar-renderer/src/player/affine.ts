/** Canvas 2D transform [a, b, c, d, e, f] (setTransform order) mapping source to destination. */
export type Affine = [number, number, number, number, number, number];

/**
 * The affine map taking source triangle (s0, s1, s2) onto destination triangle (d0, d1, d2): solves
 * M [s1 - s0, s2 - s0] = [d1 - d0, d2 - d0] with the 2x2 inverse. Returns false when the source is
 * degenerate. Writes into `out` so the per-triangle loop makes no garbage.
 */
export function triangleAffine(
  s0x: number, s0y: number, s1x: number, s1y: number, s2x: number, s2y: number,
  d0x: number, d0y: number, d1x: number, d1y: number, d2x: number, d2y: number,
  out: Affine,
): boolean {
  const ux = s1x - s0x;
  const uy = s1y - s0y;
  const vx = s2x - s0x;
  const vy = s2y - s0y;
  const det = ux * vy - vx * uy;
  if (Math.abs(det) < 1e-9) return false;
  const px = d1x - d0x;
  const py = d1y - d0y;
  const qx = d2x - d0x;
  const qy = d2y - d0y;
  const a = (px * vy - qx * uy) / det;
  const c = (qx * ux - px * vx) / det;
  const b = (py * vy - qy * uy) / det;
  const d = (qy * ux - py * vx) / det;
  out[0] = a;
  out[1] = b;
  out[2] = c;
  out[3] = d;
  out[4] = d0x - a * s0x - c * s0y;
  out[5] = d0y - b * s0x - d * s0y;
  return true;
}
