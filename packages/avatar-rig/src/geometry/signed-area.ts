/** Twice the signed area of triangle (a, b, c) read from a flat [x0, y0, x1, y1, ...] array. */
export function signedArea2(positions: ArrayLike<number>, a: number, b: number, c: number): number {
  const ax = positions[a * 2]!, ay = positions[a * 2 + 1]!;
  const bx = positions[b * 2]! - ax, by = positions[b * 2 + 1]! - ay;
  const cx = positions[c * 2]! - ax, cy = positions[c * 2 + 1]! - ay;
  return bx * cy - by * cx;
}

/** Reorders every triangle in place so that its signed area is positive at `positions`. */
export function orientPositive(triangles: number[], positions: ArrayLike<number>): void {
  for (let t = 0; t < triangles.length; t += 3) {
    if (signedArea2(positions, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!) < 0) {
      const tmp = triangles[t + 1]!;
      triangles[t + 1] = triangles[t + 2]!;
      triangles[t + 2] = tmp;
    }
  }
}

/** Smallest signed area (x2) over the triangles: positive means no triangle is folded or flat. */
export function minSignedArea2(triangles: ArrayLike<number>, positions: ArrayLike<number>): number {
  let min = Infinity;
  for (let t = 0; t < triangles.length; t += 3) {
    min = Math.min(min, signedArea2(positions, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!));
  }
  return min;
}
