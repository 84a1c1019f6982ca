import { RIG_FORMAT, RIG_TARGETS, RIG_VERSION } from '@avatar-factory/avatar-rig';
import type { Rig, RigTarget, RigTargetName, VisemeId } from '@avatar-factory/avatar-rig';
import { paintFaceTexture, paintMouthTexture, type RgbaImage } from './synthetic-textures';

export interface SyntheticRigOptions {
  width?: number;
  height?: number;
  /** Grid vertices across and down; 25 x 24 gives a rig of realistic size (~600 vertices, ~1100 triangles). */
  cols?: number;
  rows?: number;
}

export interface SyntheticRig {
  rig: Rig;
  /** RGBA pixels of each layer texture, keyed by the layer's texture file name. */
  images: Record<string, RgbaImage>;
  /** Inner-lip vertices (upper copy, lower copy) along the mouth line, for measuring the mouth gap. */
  lips: { upper: number[]; lower: number[] };
}

/**
 * A rig in the v1 format built from a regular grid over a painted cartoon face, for tests, demos and
 * benches when no real rig is at hand. Like a real rig, the mouth line is split (upper and lower lip
 * vertices are distinct at rest, in the same place) and a mouth-interior layer fills the gap when
 * the jaw opens; every RIG_TARGET moves a plausible region by a plausible amount.
 */
export function createSyntheticRig(options: SyntheticRigOptions = {}): SyntheticRig {
  const width = options.width ?? 256;
  const height = options.height ?? 320;
  const cols = options.cols ?? 17;
  const rows = options.rows ?? 21;
  const cellX = width / (cols - 1);
  const cellY = height / (rows - 1);
  const cx = width / 2;

  const mouthRow = Math.round(0.66 * (rows - 1));
  const mouthY = mouthRow * cellY;
  const c0 = Math.round(0.4 * (cols - 1));
  const c1 = Math.max(c0 + 2, Math.round(0.6 * (cols - 1)));
  const eyeRow = Math.round(0.42 * (rows - 1));
  const chinRow = Math.min(rows - 3, Math.round(0.84 * (rows - 1)));

  const vertices: number[] = [];
  const gridIndex = (r: number, c: number) => r * cols + c;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) vertices.push(c * cellX, r * cellY);
  // Lower-lip copies of the inner mouth-row vertices (the corners c0 and c1 stay shared).
  const lowerCopy = new Map<number, number>();
  const upper: number[] = [];
  const lower: number[] = [];
  for (let c = c0 + 1; c < c1; c++) {
    const index = vertices.length / 2;
    vertices.push(c * cellX, mouthY);
    lowerCopy.set(gridIndex(mouthRow, c), index);
    upper.push(gridIndex(mouthRow, c));
    lower.push(index);
  }
  const vertexCount = vertices.length / 2;

  const faceTriangles: number[] = [];
  for (let r = 0; r < rows - 1; r++) {
    for (let c = 0; c < cols - 1; c++) {
      // Cells just below the mouth line hang from the lower-lip copies.
      const top = (cc: number) => (r === mouthRow ? lowerCopy.get(gridIndex(r, cc)) ?? gridIndex(r, cc) : gridIndex(r, cc));
      const a = top(c);
      const b = top(c + 1);
      const d = gridIndex(r + 1, c);
      const e = gridIndex(r + 1, c + 1);
      faceTriangles.push(a, b, e, a, e, d);
    }
  }
  const mouthTriangles: number[] = [];
  const upperOf = (c: number) => gridIndex(mouthRow, c);
  const lowerOf = (c: number) => lowerCopy.get(gridIndex(mouthRow, c)) ?? gridIndex(mouthRow, c);
  for (let c = c0; c < c1; c++) {
    const quad = [upperOf(c), upperOf(c + 1), lowerOf(c + 1), lowerOf(c)] as const;
    if (quad[0] !== quad[3]) mouthTriangles.push(quad[0], quad[2], quad[3]);
    if (quad[1] !== quad[2]) mouthTriangles.push(quad[0], quad[1], quad[2]);
  }

  const faceUvs: number[] = [];
  const mouthUvs: number[] = [];
  const isLower = new Set(lowerCopy.values());
  for (let i = 0; i < vertexCount; i++) {
    const x = vertices[i * 2]!;
    const y = vertices[i * 2 + 1]!;
    faceUvs.push(x / width, y / height);
    const u = Math.min(1, Math.max(0, (x - c0 * cellX) / ((c1 - c0) * cellX)));
    mouthUvs.push(u, isLower.has(i) ? 0.95 : 0.12);
  }

  // Target deltas, built per vertex then made sparse.
  const jaw = 1.1 * cellY;
  const faceRx = 0.3 * width;
  const faceRy = 0.36 * height;
  const faceCy = 0.47 * height;
  const deltas = new Map<RigTargetName, Float64Array>(RIG_TARGETS.map((n) => [n, new Float64Array(vertexCount * 2)]));
  const add = (name: RigTargetName, i: number, dx: number, dy: number) => {
    const d = deltas.get(name)!;
    d[i * 2] = d[i * 2]! + dx;
    d[i * 2 + 1] = d[i * 2 + 1]! + dy;
  };
  const linear = (x: number, inner: number, outer: number) => (x <= inner ? 1 : x >= outer ? 0 : (outer - x) / (outer - inner));

  for (let i = 0; i < vertexCount; i++) {
    const x = vertices[i * 2]!;
    const y = vertices[i * 2 + 1]!;
    const r = Math.round(y / cellY);
    const c = Math.round(x / cellX);
    const border = r === 0 || r === rows - 1 || c === 0 || c === cols - 1;
    if (border) continue;
    const inMouthCols = c >= c0 && c <= c1;
    const lowerLip = isLower.has(i);
    const upperLip = r === mouthRow && c > c0 && c < c1 && !lowerLip;

    // Jaw: the lower lip and chin drop rigidly, the neck stretches, the mouth-row cheeks half way.
    const jawX = linear(Math.abs(x - cx), 0.2 * width, 0.32 * width);
    if (lowerLip) add('jawOpen', i, 0, jaw * jawX);
    else if (r === mouthRow && !upperLip) add('jawOpen', i, 0, 0.5 * jaw * jawX);
    else if (r > mouthRow) add('jawOpen', i, 0, jaw * jawX * linear(r, chinRow, chinRow + 2));

    if (r === mouthRow && inMouthCols) {
      add('lipsRound', i, -(x - cx) * 0.35, upperLip ? -0.15 * cellY : lowerLip ? 0.2 * cellY : 0);
      add('lipsSpread', i, (x - cx) * 0.25, 0);
    }
    if (Math.abs(r - mouthRow) === 1 && inMouthCols) add('lipsRound', i, -(x - cx) * 0.15, 0);
    if (r === mouthRow - 1 && inMouthCols) add('lipsPress', i, 0, 0.25 * cellY);
    if (r === mouthRow + 1 && inMouthCols) {
      add('lipsPress', i, 0, -0.25 * cellY);
      add('lowerLipTuck', i, 0, -0.3 * cellY);
    }

    // Upper lids come down over the eyes (subject's left eye is on the image's right).
    if (r === eyeRow - 1) {
      for (const [name, ex] of [['blinkLeft', width * 0.62], ['blinkRight', width * 0.38]] as const) {
        const fx = linear(Math.abs(x - ex), 0.5 * cellX, 1.5 * cellX);
        if (fx > 0) add(name, i, 0, 0.85 * cellY * fx);
      }
    }

    // Head turns: the head region moves, fading out over the neck and background.
    const radius = Math.hypot((x - cx) / faceRx, (y - faceCy) / faceRy);
    const headFalloff = linear(radius, 1, 1.6);
    if (headFalloff > 0) {
      add('headYaw', i, 6 * headFalloff, 0);
      add('headPitch', i, 0, 5 * headFalloff);
      const theta = 0.05;
      const pivotY = 0.85 * height;
      add('headRoll', i, -theta * (y - pivotY) * headFalloff, theta * (x - cx) * headFalloff);
    }
    add('breath', i, 0, -(y > 0.8 * height ? 3 : 1.5 * headFalloff));
  }

  const signed = new Set<RigTargetName>(['headYaw', 'headPitch', 'headRoll']);
  const targets: RigTarget[] = RIG_TARGETS.map((name) => {
    const d = deltas.get(name)!;
    const indices: number[] = [];
    const sparse: number[] = [];
    for (let i = 0; i < vertexCount; i++) {
      if (d[i * 2] === 0 && d[i * 2 + 1] === 0) continue;
      indices.push(i);
      sparse.push(round3(d[i * 2]!), round3(d[i * 2 + 1]!));
    }
    return { name, min: signed.has(name) ? -1 : 0, max: 1, indices, deltas: sparse };
  });

  const visemes: Record<VisemeId, Partial<Record<RigTargetName, number>>> = {
    sil: {},
    PP: { lipsPress: 1 },
    FF: { lowerLipTuck: 0.9, jawOpen: 0.08 },
    TH: { jawOpen: 0.2, tongueUp: 0.5 },
    DD: { jawOpen: 0.25, tongueUp: 0.7 },
    kk: { jawOpen: 0.3 },
    CH: { jawOpen: 0.2, lipsRound: 0.5 },
    SS: { jawOpen: 0.1, lipsSpread: 0.5 },
    nn: { jawOpen: 0.15, tongueUp: 0.7 },
    RR: { jawOpen: 0.2, lipsRound: 0.4 },
    aa: { jawOpen: 0.9 },
    E: { jawOpen: 0.5, lipsSpread: 0.5 },
    I: { jawOpen: 0.3, lipsSpread: 0.7 },
    O: { jawOpen: 0.6, lipsRound: 0.7 },
    U: { jawOpen: 0.3, lipsRound: 0.9 },
  };

  const region = (x0: number, y0: number, x1: number, y1: number) => ({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  const eyeHalf = 1.5 * cellX;
  const rig: Rig = {
    format: RIG_FORMAT,
    version: RIG_VERSION,
    width,
    height,
    vertices,
    layers: [
      { name: 'mouth-interior', texture: 'mouth-interior.png', uvs: mouthUvs, triangles: mouthTriangles },
      { name: 'face', texture: 'face.png', uvs: faceUvs, triangles: faceTriangles },
    ],
    targets,
    visemes,
    face: {
      box: region(cx - faceRx, faceCy - faceRy, cx + faceRx, faceCy + faceRy),
      mouth: region(c0 * cellX, mouthY - 0.8 * cellY, c1 * cellX, mouthY + 1.6 * cellY),
      leftEye: region(0.62 * width - eyeHalf, (eyeRow - 1) * cellY, 0.62 * width + eyeHalf, eyeRow * cellY),
      rightEye: region(0.38 * width - eyeHalf, (eyeRow - 1) * cellY, 0.38 * width + eyeHalf, eyeRow * cellY),
    },
  };

  const images = {
    'face.png': paintFaceTexture(rig, { mouthY, mouthX0: c0 * cellX, mouthX1: c1 * cellX, eyeTop: (eyeRow - 1) * cellY, eyeBottom: eyeRow * cellY }),
    'mouth-interior.png': paintMouthTexture(64, 48),
  };
  return { rig, images, lips: { upper, lower } };
}

/** Mean vertical distance between the lower and upper inner-lip vertices of evaluated positions, in px. */
export function mouthGap(lips: SyntheticRig['lips'], positions: ArrayLike<number>): number {
  let sum = 0;
  for (let k = 0; k < lips.upper.length; k++) sum += positions[lips.lower[k]! * 2 + 1]! - positions[lips.upper[k]! * 2 + 1]!;
  return sum / Math.max(1, lips.upper.length);
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
