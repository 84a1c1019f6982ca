/** Least-squares parabola v = a + b u + c u^2 through points (normal equations, Cramer's rule). */
export function fitParabola(points: Array<readonly [number, number]>): (u: number) => number {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, t0 = 0, t1 = 0, t2 = 0;
  for (const [u, v] of points) {
    s0 += 1; s1 += u; s2 += u * u; s3 += u ** 3; s4 += u ** 4;
    t0 += v; t1 += u * v; t2 += u * u * v;
  }
  const det3 = (m: number[]) => m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) - m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) + m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const d = det3([s0, s1, s2, s1, s2, s3, s2, s3, s4]);
  if (Math.abs(d) < 1e-9) return () => t0 / s0;
  const a = det3([t0, s1, s2, t1, s2, s3, t2, s3, s4]) / d;
  const b = det3([s0, t0, s2, s1, t1, s3, s2, t2, s4]) / d;
  const c = det3([s0, s1, t0, s1, s2, t1, s2, s3, t2]) / d;
  return (u) => a + b * u + c * u * u;
}
