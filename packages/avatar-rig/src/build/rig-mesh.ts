import { orientPositive, signedArea2 } from '../geometry/signed-area';
import { faceFrame, fromLocal, toLocal, type FaceFrame, type Vec3 } from './face-frame';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, FACE_OVAL, LOWER_INNER, MOUTH_CORNER_INNER, UPPER_INNER, type EyeLandmarks } from './landmarks';
import type { LipRefinement } from './lip-refine';
import { fitParabola } from './parabola';

/** Ring scales around the face oval, and how much of the head's motion each ring follows. */
const RINGS = [
  { scale: 1.12, share: 0.2, head: 1 },
  { scale: 1.35, share: 0.45, head: 0.8 },
  { scale: 1.7, share: 0.75, head: 0.3 },
] as const;

/** The upper inner lip from corner to corner. */
export const UPPER_LINE = [MOUTH_CORNER_INNER[0], ...UPPER_INNER, MOUTH_CORNER_INNER[1]];

/**
 * How far the lower teeth follow the lower lip (the jaw's drop, a press's rise), which the jaw and
 * the lip's own muscles pull down: their tops show over it as the mouth opens. Behind a photo's own
 * upper teeth they start up under them (OVERBITE) and follow closely: a smile speaking shows both
 * rows, a dark gap between them only as the jaw drops. Under painted upper teeth, which reach 0.08
 * mouth widths below closed lips, they start below those and follow less, or 'aa' showed none of
 * them (Human read the dark above a bearded lower lip as lip: opencv-230501201-1, mk-card-profile2).
 */
const LOWER_TEETH_FOLLOW = { underOwnTeeth: 0.8, underPaintedTeeth: 0.6 };
/** How far (mouth widths) a photo's own upper teeth reach down in front of the lower ones. */
const OVERBITE = 0.03;
/** Where the lower teeth's edge begins in the cavity texture (v), the row that carries it. */
export const LOWER_TEETH_TOP = 0.52;
/** How far (mouth widths) above a laugh's lower lip the lower teeth's tops lie, behind its opening. */
const LOWER_TEETH_UNDER_LIP = 0.06;

/** Mouth cavity grid: columns across 1.7 mouth widths. */
export const INTERIOR_COLUMNS = 9;
export const INTERIOR_HALF_WIDTH = 0.85;
/**
 * How far each cavity row follows the jaw, and its texture v (0 gum, 0.3 upper teeth's edge, 0.52
 * lower teeth's top, 0.6 tongue top, 1 floor); the lower teeth's row follows by the mesh's
 * `lowerTeethFollow` (see LOWER_TEETH_FOLLOW). At v 0.45 going a third of the way, the lower teeth
 * stayed under the lower lip until the jaw was down half way, and 'E', 'I' and 'SS' on a smile
 * showed a black crescent under its upper teeth, an outline drawn round the teeth
 * (skimage-astronaut, tabler-female-24-4x).
 */
export const INTERIOR_ROWS = [
  { tex: 0, jaw: 0 },
  { tex: 0.3, jaw: 0 },
  { tex: LOWER_TEETH_TOP, jaw: null },
  { tex: 0.6, jaw: 0.9 },
  { tex: 1, jaw: 1 },
] as const;
/** The row of the lower teeth's tops in INTERIOR_ROWS: the one whose follow is the mesh's own. */
export const LOWER_TEETH_ROW = INTERIOR_ROWS.findIndex((row) => row.jaw === null);

export type VertexKind = 'face' | 'ring' | 'frame' | 'interior' | 'teeth-upper' | 'teeth-lower';

export interface RigMesh {
  /** Rest positions, flat. Vertices 0-467 are the face mesh landmarks. */
  vertices: number[];
  /** Local 3D position of every vertex in the face frame (rings and frame at the oval's depth). */
  local: Vec3[];
  /** Depth per vertex for the renderer's depth test, portrait pixels, larger = nearer. */
  depth: number[];
  /** How much of the head's motion each vertex follows (1 on the face, 0 on the frame). */
  headFollow: number[];
  kind: VertexKind[];
  /** Face layer: the face mesh with the mouth open as the photo shows it, the rings, the frame. */
  faceTriangles: number[];
  /** The photo's own mouth opening, split where the lips would meet: upper part with the skull, lower with the jaw. */
  teethTriangles: number[];
  /** Split-line vertices per inner-lip column: with the upper teeth, and with the lower ones. */
  splitUpper: number[];
  splitLower: number[];
  /**
   * The upper strip's top edge, on the upper inner lip at rest from corner to corner (UPPER_LINE),
   * but its own vertices: the teeth do not narrow or bend with the lips.
   */
  teethTop: number[];
  /** Per inner-lip column, where closed lips meet over the upper teeth (LipRefinement.biteLine), in the image. */
  biteLine: Vec3[];
  /** The cavity behind the lips. */
  interiorTriangles: number[];
  /** Cavity grid vertex indices, row-major [row][column]. */
  interiorGrid: number[][];
  interiorUvs: Map<number, [number, number]>;
  /** How far the lower teeth's row follows the lower lip (see LOWER_TEETH_FOLLOW). */
  lowerTeethFollow: number;
  frame: FaceFrame;
  /** Lip seam (the split line) in the face frame: v at across-position u. */
  seam: (u: number) => number;
  /** How far below the seam (face-frame v) the painted upper teeth end; 0 when the photo shows its own teeth, which end at the split. */
  paintedTeethEdge: number;
  /** Per eye, the upper lid margin's vertices (where the lashes end), column by column with the lid contour. */
  upperLidMargin: { imageLeft: number[]; imageRight: number[] };
}

const sub = (a: readonly number[], b: readonly number[]): [number, number] => [a[0]! - b[0]!, a[1]! - b[1]!];

/**
 * The rig's shared vertex array and its layers' triangles (rig v2, a 2.5D head): the face mesh
 * with its own depth, the mouth left open as far as the photo shows it (the opening is drawn by the
 * teeth layer from the photo itself); three rings of anchors between the face oval and the frame
 * along rays from the face centre, behind the face; the frame's corners; and the cavity grid.
 * Folds of a turned face are not repaired: the depth test draws the nearer surface.
 */
export function buildRigMesh(lips: LipRefinement, triangulation: number[], size: number, margins: { imageLeft: Vec3[]; imageRight: Vec3[] }): RigMesh {
  const pts = lips.mesh;
  const frame = faceFrame(pts, FACE_OVAL);
  const vertices: number[] = [];
  const depth: number[] = [];
  const local: Vec3[] = [];
  const headFollow: number[] = [];
  const kind: VertexKind[] = [];
  const add = (p: readonly number[], k: VertexKind, follow: number, z: number) => {
    vertices.push(p[0]!, p[1]!); depth.push(-z); headFollow.push(follow); kind.push(k);
    local.push(toLocal(frame, [p[0]!, p[1]!, z]));
    return kind.length - 1;
  };
  for (const p of pts) add(p, 'face', 1, p[2]);

  const faceTris = triangulation.slice();
  let total = 0;
  for (let t = 0; t < faceTris.length; t += 3) total += signedArea2(vertices, faceTris[t]!, faceTris[t + 1]!, faceTris[t + 2]!);
  if (total < 0) for (let t = 0; t < faceTris.length; t += 3) [faceTris[t + 1], faceTris[t + 2]] = [faceTris[t + 2]!, faceTris[t + 1]!];

  // Rings along rays from the oval's centroid through each oval point, up to the frame; behind the
  // whole face, so that a turning face passes in front of hair and background.
  const oval = FACE_OVAL.map((i) => pts[i]!);
  const farZ = Math.max(...oval.map((p) => p[2]));
  const centre = centroid(pts, FACE_OVAL);
  const ringIndex: number[][] = [FACE_OVAL.slice()];
  const rayFrameRadius = oval.map((p) => {
    const d = sub(p, centre);
    const r0 = Math.hypot(d[0], d[1]);
    return rayToSquare(centre, [d[0] / r0, d[1] / r0], size);
  });
  const ringPoint = (j: number, r: number): [number, number] => {
    const d = sub(oval[j]!, centre);
    const r0 = Math.hypot(d[0], d[1]);
    return [centre[0] + (d[0] / r0) * r, centre[1] + (d[1] / r0) * r];
  };
  RINGS.forEach((ring, k) => {
    ringIndex.push(oval.map((p, j) => {
      const r0 = Math.hypot(...sub(p, centre));
      const r = Math.min(r0 * ring.scale, r0 + (rayFrameRadius[j]! - r0) * ring.share);
      return add(ringPoint(j, r), 'ring', ring.head, farZ + 0.05 * frame.faceWidth * (k + 1));
    }));
  });
  const frameIndex = oval.map((_, j) => add(ringPoint(j, rayFrameRadius[j]!), 'frame', 0, farZ + 0.25 * frame.faceWidth));
  ringIndex.push(frameIndex);

  const outerTris: number[] = [];
  const n = FACE_OVAL.length;
  for (let k = 0; k + 1 < ringIndex.length; k++) {
    const inner = ringIndex[k]!, outer = ringIndex[k + 1]!;
    for (let j = 0; j < n; j++) outerTris.push(...bestQuadSplit(vertices, inner[j]!, inner[(j + 1) % n]!, outer[(j + 1) % n]!, outer[j]!));
  }
  // Frame corners fall between two rays: one triangle each closes the gap.
  for (const corner of [[0, 0], [size, 0], [size, size], [0, size]] as const) {
    const angle = Math.atan2(corner[1] - centre[1], corner[0] - centre[0]);
    for (let j = 0; j < n; j++) {
      const a = frameIndex[j]!, b = frameIndex[(j + 1) % n]!;
      const angA = Math.atan2(vertices[a * 2 + 1]! - centre[1], vertices[a * 2]! - centre[0]);
      const angB = Math.atan2(vertices[b * 2 + 1]! - centre[1], vertices[b * 2]! - centre[0]);
      if (angleBetween(angle, angA, angB)) {
        outerTris.push(a, b, add(corner, 'frame', 0, farZ + 0.25 * frame.faceWidth));
        break;
      }
    }
  }
  orientPositive(outerTris, vertices);
  faceTris.push(...outerTris);

  // The photo's opening, cut along the split line into an upper strip (upper teeth, with the
  // skull) and a lower one (lower teeth or tongue, with the jaw). Coincident at a closed mouth.
  const splitUpper = lips.split.map((p) => add(p, 'teeth-upper', 1, p[2]));
  const splitLower = lips.split.map((p) => add(p, 'teeth-lower', 1, p[2]));
  // The upper strip has its own top edge and corners, where the lips are at rest: the teeth are
  // bone, and where rounding narrows the lips or the jaw pulls their corners down, the lips slide
  // over them. Drawn on the lips' own vertices, the strip sheared with them and the side teeth
  // beside a corner slanted into a fang (clm-franck-04117 at 'U' and 'O', softui-ivana at 'aa').
  const teethTop = UPPER_LINE.map((i) => add(pts[i]!, 'teeth-upper', 1, pts[i]![2]!));
  const [cl, cr] = MOUTH_CORNER_INNER;
  const teethTriangles = [
    ...strip(teethTop, [teethTop[0]!, ...splitUpper, teethTop.at(-1)!]),
    ...strip([cl, ...splitLower, cr], [cl, ...LOWER_INNER, cr]),
  ];

  // The cavity, in the face frame along the seam, from above the highest upper inner lip to well
  // below the lowest lower one: whatever the lips uncover at any pose lies on it.
  const splitLocal = lips.split.map((p) => toLocal(frame, p));
  const seam = fitParabola(splitLocal.map((p) => [p[0], p[1]] as const));
  const upperGap = Math.max(0, ...UPPER_INNER.map((i, k) => splitLocal[k]![1] - toLocal(frame, pts[i]!)[1]));
  const lowerGap = Math.max(0, ...LOWER_INNER.map((i, k) => toLocal(frame, pts[i]!)[1] - splitLocal[k]![1]));
  const mw = frame.mouthWidth;
  // Painted upper teeth end this far below the lip line. At 0.1 mouth widths they filled the
  // whole opening of 'I', 'U' and 'CH' (0.15-0.18 mouth widths) with a strip of teeth from lip to
  // lip; at 0.06 'aa' showed only a thin white line under the upper lip.
  const teethEdge = lips.teethVisible ? 0 : 0.08 * mw;
  // The lower teeth's tops lie up behind a photo's own upper teeth or just under painted ones, and
  // at least LOWER_TEETH_UNDER_LIP above a laugh's lower lip: its opening shows its own lower
  // teeth or the inside of its lip, over which painted ones would stand as a second row.
  const lowerTeethTop = Math.max(lips.teethVisible ? -OVERBITE * mw : teethEdge + 0.01 * mw, lowerGap - LOWER_TEETH_UNDER_LIP * mw);
  const lowerTeethFollow = lips.teethVisible ? LOWER_TEETH_FOLLOW.underOwnTeeth : LOWER_TEETH_FOLLOW.underPaintedTeeth;
  const rowOffsets = [-(upperGap + 0.15 * mw), teethEdge, lowerTeethTop, Math.max(lowerGap + 0.06 * mw, lowerTeethTop + 0.08 * mw), lowerGap + 0.6 * mw];
  // Laid out on the lips' own surface, so the texture's rows line up with the lip line in the
  // image whatever the head's pitch; its depth only matters to a depth test, which it is not in.
  const lipZ = splitLocal.reduce((sum, p) => sum + p[2], 0) / splitLocal.length;
  const interiorGrid: number[][] = [];
  const interiorUvs = new Map<number, [number, number]>();
  INTERIOR_ROWS.forEach((row, r) => {
    const line: number[] = [];
    for (let c = 0; c < INTERIOR_COLUMNS; c++) {
      const t = c / (INTERIOR_COLUMNS - 1);
      const u = (t * 2 - 1) * INTERIOR_HALF_WIDTH * mw;
      const p = fromLocal(frame, [u, seam(Math.max(-mw / 2, Math.min(mw / 2, u))) + rowOffsets[r]!, lipZ]);
      const idx = add(p, 'interior', 1, p[2]);
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

  // Each upper lid's margin, a chain between the lid contour and the crease: the one strip of
  // triangles between those two chains becomes two, lid to margin and margin to crease. Appended
  // last, so that every other vertex keeps its index.
  const marginOf = (eye: EyeLandmarks, points: Vec3[]) => {
    const chain = points.map((p) => add(p, 'face', 1, p[2]));
    const lid = [eye.corners[0], ...eye.upperLid, eye.corners[1]];
    const crease = [eye.corners[0], ...eye.upperCrease, eye.corners[1]];
    const margin = [eye.corners[0], ...chain, eye.corners[1]];
    const band = new Set([...lid, ...crease]);
    for (let t = faceTris.length - 3; t >= 0; t -= 3) {
      if (band.has(faceTris[t]!) && band.has(faceTris[t + 1]!) && band.has(faceTris[t + 2]!)) faceTris.splice(t, 3);
    }
    const split = [...strip(crease, margin), ...strip(margin, lid)];
    orientPositive(split, vertices);
    faceTris.push(...split);
    return chain;
  };
  const upperLidMargin = { imageLeft: marginOf(EYE_IMAGE_LEFT, margins.imageLeft), imageRight: marginOf(EYE_IMAGE_RIGHT, margins.imageRight) };
  return {
    vertices, local, depth, headFollow, kind, faceTriangles: faceTris, teethTriangles, splitUpper, splitLower, teethTop, biteLine: lips.biteLine,
    interiorTriangles, interiorGrid, interiorUvs, lowerTeethFollow, frame, seam, paintedTeethEdge: teethEdge, upperLidMargin,
  };
}

/** Triangles between two chains of equal length (top[j] above bottom[j]). */
function strip(top: readonly number[], bottom: readonly number[]): number[] {
  const out: number[] = [];
  for (let j = 0; j + 1 < top.length; j++) {
    const a = top[j]!, b = top[j + 1]!, c = bottom[j + 1]!, d = bottom[j]!;
    if (a !== d) out.push(a, b, d);
    if (b !== c) out.push(b, c, d);
  }
  return out;
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
