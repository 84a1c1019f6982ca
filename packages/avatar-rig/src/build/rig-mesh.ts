import { orientPositive, signedArea2 } from '../geometry/signed-area';
import { untangle } from '../geometry/untangle';
import { FACE_OVAL, LOWER_INNER, MOUTH_CORNER_OUTER, UPPER_INNER } from './landmarks';

/** Ring scales around the face oval, and how much of the head's motion each ring follows. */
const RINGS = [
  { scale: 1.12, share: 0.2, head: 1 },
  { scale: 1.35, share: 0.45, head: 0.8 },
  { scale: 1.7, share: 0.75, head: 0.3 },
] as const;

/** Mouth interior grid: columns across 1.7 mouth widths; rows (in mouth widths below the lip seam) and texture v. */
export const INTERIOR_COLUMNS = 9;
export const INTERIOR_ROWS = [
  { v: -0.3, tex: 0, jaw: 0 }, // behind the upper lip: gum
  { v: 0.1, tex: 0.3, jaw: 0 }, // upper teeth edge: the teeth stay with the skull
  { v: 0.14, tex: 0.45, jaw: 0.15 }, // dark cavity
  { v: 0.2, tex: 0.6, jaw: 0.3 }, // tongue top: shows at the bottom of an open mouth
  { v: 0.6, tex: 1, jaw: 1 }, // floor, under the lower lip: follows the jaw fully
] as const;
export const INTERIOR_HALF_WIDTH = 0.85;
/** Smallest doubled triangle area of the rest face mesh, in px^2 at a 512 px portrait. */
export const MIN_REST_AREA2 = 4;

export interface LocalFrame {
  /** Mouth centre on the lip seam, portrait pixels. */
  origin: [number, number];
  /** Unit vector from the image-left eye to the image-right eye, and its perpendicular pointing down the face. */
  ex: [number, number];
  ey: [number, number];
  mouthWidth: number;
  faceWidth: number;
  faceHeight: number;
}

export interface RigMesh {
  /** Rest positions, flat. Vertices 0-467 are the face mesh landmarks. */
  vertices: number[];
  /** Relative depth per vertex (face mesh z over face width; 0 off the face). */
  depth: number[];
  /** How much of the head's motion each vertex follows (1 on the face, 0 on the frame). */
  headFollow: number[];
  kind: Array<'face' | 'ring' | 'frame' | 'interior'>;
  faceTriangles: number[];
  interiorTriangles: number[];
  /** Interior grid vertex indices, row-major [row][column]. */
  interiorGrid: number[][];
  interiorUvs: Map<number, [number, number]>;
  frame: LocalFrame;
}

const sub = (a: readonly number[], b: readonly number[]): [number, number] => [a[0]! - b[0]!, a[1]! - b[1]!];

/**
 * The rig's shared vertex array and the two layers' triangles: the face mesh (its own
 * triangulation, the mouth a hole whose inner lip contours are moved onto their common midline so
 * it has zero area at rest), three rings of anchors between the face oval and the frame along rays
 * from the face centre (quads, so the rest mesh is valid by construction for a star-shaped oval),
 * the frame's corners, and the mouth-interior grid.
 */
export function buildRigMesh(mesh: Array<[number, number, number]>, triangulation: number[], size: number): RigMesh {
  const pts = mesh.map((p) => [p[0], p[1], p[2]] as [number, number, number]);
  // Close the mouth hole at rest: each upper/lower inner-lip pair goes to its midpoint. UVs follow
  // the vertices, so the rest render still shows the photo's own mouth (teeth included) exactly.
  for (let i = 0; i < UPPER_INNER.length; i++) {
    const a = pts[UPPER_INNER[i]!]!, b = pts[LOWER_INNER[i]!]!;
    const mid: [number, number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
    pts[UPPER_INNER[i]!] = [...mid];
    pts[LOWER_INNER[i]!] = [...mid];
  }
  // The triangulation is consistently wound: flip it as a whole if it runs clockwise on screen,
  // then relax the few triangles the model left thin or inverted (the seam stays where it is).
  const flat = pts.flatMap((p) => [p[0], p[1]]);
  const faceTris = triangulation.slice();
  let total = 0;
  for (let t = 0; t < faceTris.length; t += 3) total += signedArea2(flat, faceTris[t]!, faceTris[t + 1]!, faceTris[t + 2]!);
  if (total < 0) for (let t = 0; t < faceTris.length; t += 3) [faceTris[t + 1], faceTris[t + 2]] = [faceTris[t + 2]!, faceTris[t + 1]!];
  const seamTies = new Map<number, number>();
  UPPER_INNER.forEach((u, k) => { seamTies.set(u, LOWER_INNER[k]!); seamTies.set(LOWER_INNER[k]!, u); });
  untangle(flat, faceTris, seamTies, MIN_REST_AREA2 * (size / 512) ** 2);
  pts.forEach((p, i) => { p[0] = flat[i * 2]!; p[1] = flat[i * 2 + 1]!; });

  const vertices: number[] = [];
  const depth: number[] = [];
  const headFollow: number[] = [];
  const kind: RigMesh['kind'] = [];
  const add = (x: number, y: number, k: RigMesh['kind'][number], follow: number, z = 0) => {
    vertices.push(x, y); depth.push(z); headFollow.push(follow); kind.push(k);
    return kind.length - 1;
  };

  const eyeL = centroid(pts, [33, 133]), eyeR = centroid(pts, [263, 362]);
  const exLen = Math.hypot(eyeR[0] - eyeL[0], eyeR[1] - eyeL[1]);
  const ex: [number, number] = [(eyeR[0] - eyeL[0]) / exLen, (eyeR[1] - eyeL[1]) / exLen];
  const ey: [number, number] = [-ex[1], ex[0]];
  const oval = FACE_OVAL.map((i) => pts[i]!);
  const localX = (p: readonly number[]) => p[0]! * ex[0] + p[1]! * ex[1];
  const localY = (p: readonly number[]) => p[0]! * ey[0] + p[1]! * ey[1];
  const faceWidth = Math.max(...oval.map(localX)) - Math.min(...oval.map(localX));
  const faceHeight = Math.max(...oval.map(localY)) - Math.min(...oval.map(localY));
  const zEdge = oval.reduce((s, p) => s + p[2], 0) / oval.length;
  for (const p of pts) add(p[0], p[1], 'face', 1, (p[2] - zEdge) / faceWidth);

  // Rings along rays from the oval's centroid through each oval point, up to the frame.
  const centre = centroid(pts, FACE_OVAL);
  const ringIndex: number[][] = [FACE_OVAL.slice()];
  const frameIndex: number[] = [];
  const rayFrameRadius: number[] = [];
  for (const p of oval) {
    const d = sub(p, centre);
    const r0 = Math.hypot(d[0], d[1]);
    rayFrameRadius.push(r0 * rayToSquare(centre, [d[0] / r0, d[1] / r0], size) / r0);
  }
  RINGS.forEach((ring) => {
    const row: number[] = [];
    oval.forEach((p, j) => {
      const d = sub(p, centre);
      const r0 = Math.hypot(d[0], d[1]);
      const rF = rayFrameRadius[j]!;
      const r = Math.min(r0 * ring.scale, r0 + (rF - r0) * ring.share);
      row.push(add(centre[0] + (d[0] / r0) * r, centre[1] + (d[1] / r0) * r, 'ring', ring.head));
    });
    ringIndex.push(row);
  });
  oval.forEach((p, j) => {
    const d = sub(p, centre);
    const r0 = Math.hypot(d[0], d[1]);
    const rF = rayFrameRadius[j]!;
    frameIndex.push(add(centre[0] + (d[0] / r0) * rF, centre[1] + (d[1] / r0) * rF, 'frame', 0));
  });
  ringIndex.push(frameIndex);

  const faceTriangles = faceTris;
  const outerTris: number[] = [];
  const n = FACE_OVAL.length;
  for (let k = 0; k + 1 < ringIndex.length; k++) {
    const inner = ringIndex[k]!, outer = ringIndex[k + 1]!;
    for (let j = 0; j < n; j++) {
      const a = inner[j]!, b = inner[(j + 1) % n]!, c = outer[(j + 1) % n]!, d = outer[j]!;
      outerTris.push(...bestQuadSplit(vertices, a, b, c, d));
    }
  }
  // Frame corners fall between two rays: one triangle each closes the gap.
  const corners: Array<[number, number]> = [[0, 0], [size, 0], [size, size], [0, size]];
  for (const corner of corners) {
    const angle = Math.atan2(corner[1] - centre[1], corner[0] - centre[0]);
    for (let j = 0; j < n; j++) {
      const a = frameIndex[j]!, b = frameIndex[(j + 1) % n]!;
      const angA = Math.atan2(vertices[a * 2 + 1]! - centre[1], vertices[a * 2]! - centre[0]);
      const angB = Math.atan2(vertices[b * 2 + 1]! - centre[1], vertices[b * 2]! - centre[0]);
      if (angleBetween(angle, angA, angB)) {
        outerTris.push(a, b, add(corner[0], corner[1], 'frame', 0));
        break;
      }
    }
  }
  orientPositive(outerTris, vertices);
  faceTriangles.push(...outerTris);

  // Mouth interior grid in the face's frame, centred on the seam's middle.
  const seamMid = pts[13]!;
  const mouthWidth = Math.hypot(pts[MOUTH_CORNER_OUTER[1]]![0] - pts[MOUTH_CORNER_OUTER[0]]![0], pts[MOUTH_CORNER_OUTER[1]]![1] - pts[MOUTH_CORNER_OUTER[0]]![1]);
  const interiorGrid: number[][] = [];
  const interiorUvs = new Map<number, [number, number]>();
  const lipZ = (pts[13]![2] - zEdge) / faceWidth;
  INTERIOR_ROWS.forEach((row) => {
    const line: number[] = [];
    for (let c = 0; c < INTERIOR_COLUMNS; c++) {
      const t = c / (INTERIOR_COLUMNS - 1);
      const u = (t * 2 - 1) * INTERIOR_HALF_WIDTH * mouthWidth, v = row.v * mouthWidth;
      const idx = add(seamMid[0] + u * ex[0] + v * ey[0], seamMid[1] + u * ex[1] + v * ey[1], 'interior', 1, lipZ);
      interiorUvs.set(idx, [t, row.tex]);
      line.push(idx);
    }
    interiorGrid.push(line);
  });
  const interiorTriangles: number[] = [];
  for (let r = 0; r + 1 < interiorGrid.length; r++) {
    for (let c = 0; c + 1 < INTERIOR_COLUMNS; c++) {
      const a = interiorGrid[r]![c]!, b = interiorGrid[r]![c + 1]!, d = interiorGrid[r + 1]![c]!, e = interiorGrid[r + 1]![c + 1]!;
      interiorTriangles.push(a, b, e, a, e, d);
    }
  }
  orientPositive(interiorTriangles, vertices);
  return {
    vertices, depth, headFollow, kind, faceTriangles, interiorTriangles, interiorGrid, interiorUvs,
    frame: { origin: [seamMid[0], seamMid[1]], ex, ey, mouthWidth, faceWidth, faceHeight },
  };
}

function centroid(pts: ReadonlyArray<readonly number[]>, idx: readonly number[]): [number, number] {
  let x = 0, y = 0;
  for (const i of idx) { x += pts[i]![0]!; y += pts[i]![1]!; }
  return [x / idx.length, y / idx.length];
}

/** Distance from `o` along unit `d` to the border of the square [0, size]^2 (o inside). */
function rayToSquare(o: [number, number], d: [number, number], size: number): number {
  let t = Infinity;
  if (d[0] > 1e-9) t = Math.min(t, (size - o[0]) / d[0]);
  if (d[0] < -1e-9) t = Math.min(t, -o[0] / d[0]);
  if (d[1] > 1e-9) t = Math.min(t, (size - o[1]) / d[1]);
  if (d[1] < -1e-9) t = Math.min(t, -o[1] / d[1]);
  return t;
}

/** True when angle `x` lies on the short arc from `a` to `b`. */
function angleBetween(x: number, a: number, b: number): boolean {
  const norm = (v: number) => ((v % (2 * Math.PI)) + 3 * Math.PI) % (2 * Math.PI) - Math.PI;
  const ab = norm(b - a), ax = norm(x - a);
  return ab >= 0 ? ax >= 0 && ax <= ab : ax <= 0 && ax >= ab;
}

/** Splits quad a-b-c-d along a diagonal that keeps both halves oriented like the quad, preferring the one whose smaller half is larger (no slivers). */
function bestQuadSplit(v: number[], a: number, b: number, c: number, d: number): number[] {
  const area = (i: number, j: number, k: number) => (v[j * 2]! - v[i * 2]!) * (v[k * 2 + 1]! - v[i * 2 + 1]!) - (v[j * 2 + 1]! - v[i * 2 + 1]!) * (v[k * 2]! - v[i * 2]!);
  const sign = Math.sign(area(a, b, c) + area(a, c, d));
  const score = (t1: number, t2: number) => (Math.sign(t1) === sign && Math.sign(t2) === sign ? Math.min(Math.abs(t1), Math.abs(t2)) : -1);
  const s1 = score(area(a, b, c), area(a, c, d));
  const s2 = score(area(a, b, d), area(b, c, d));
  return s1 >= s2 ? [a, b, c, a, c, d] : [a, b, d, b, c, d];
}
