type Point = readonly [number, number];

/** How far p lies outside the convex polygon (0 inside it), wound as face-analysis's convexHull winds it. */
export function distanceOutside(poly: ReadonlyArray<Point>, p: Point): number {
  let inside = true, nearest = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!, b = poly[(i + 1) % poly.length]!;
    const ex = b[0] - a[0], ey = b[1] - a[1];
    if (ex * (p[1] - a[1]) - ey * (p[0] - a[0]) < 0) inside = false;
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / (ex * ex + ey * ey)));
    nearest = Math.min(nearest, Math.hypot(p[0] - a[0] - t * ex, p[1] - a[1] - t * ey));
  }
  return inside ? 0 : nearest;
}
