import { solve3 } from '../geometry/solve3';

/** Least-squares parabola v = a + b u + c u^2 through points (normal equations). */
export function fitParabola(points: Array<readonly [number, number]>): (u: number) => number {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, t0 = 0, t1 = 0, t2 = 0;
  for (const [u, v] of points) {
    s0 += 1; s1 += u; s2 += u * u; s3 += u ** 3; s4 += u ** 4;
    t0 += v; t1 += u * v; t2 += u * u * v;
  }
  const abc = solve3([[s0, s1, s2], [s1, s2, s3], [s2, s3, s4]], [t0, t1, t2]);
  if (!abc) return () => t0 / s0;
  const [a, b, c] = abc;
  return (u) => a + b * u + c * u * u;
}
