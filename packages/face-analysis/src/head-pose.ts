import type { MeshPoint } from './types';

/** Head rotation in degrees, and the face's pixel scale, measured from the 468 mesh points. */
export interface HeadPose {
  /** Turn to the side; positive when the face turns towards the image's right. */
  yawDeg: number;
  /** Nod; positive when the face looks down. */
  pitchDeg: number;
  /** In-plane tilt; positive when the head leans clockwise in the image. Rotating the photo by t adds t. */
  rollDeg: number;
  /** Chin (152) to upper forehead (10) as the face would measure facing the camera, in image pixels. */
  faceHeightPx: number;
}

export type Vec3 = [number, number, number];

/**
 * Why not Human's own `face.rotation`: it builds its axes from four points with x/y and z on
 * different scales (z is left in the mesh model's input units), so on the corpus it reads a 12
 * degree tilt as 26 and a profile as 37 degrees of yaw. Here the pose is a weak-perspective fit of
 * a 3D template face (canonical-face.ts) to the 468 image points: x = s R X + t solved by least
 * squares over all points, so no single landmark decides. Only the 2D points are used.
 */
export function measureHeadPose(mesh: readonly MeshPoint[], template: readonly Vec3[]): HeadPose {
  const { rows: [m1, m2] } = fitProjection(mesh, template);
  // Nearest pair of orthonormal rows with a common scale (symmetric Gram-Schmidt).
  const n1 = norm(m1), n2 = norm(m2);
  const scale = (n1 + n2) / 2;
  let r1 = mul(m1, 1 / n1), r2 = mul(m2, 1 / n2);
  const e = dot(r1, r2) / 2;
  [r1, r2] = [unit(sub(r1, mul(r2, e))), unit(sub(r2, mul(r1, e)))];
  const r3 = cross(r1, r2);
  // R = Rz(roll) Ry(yaw) Rx(pitch) in the camera frame (x right, y down, z away from the viewer):
  // roll is outermost, so a rotation of the photo changes roll only.
  const yaw = Math.asin(clamp(-r3[0], -1, 1));
  const pitch = Math.atan2(r3[1], r3[2]);
  const roll = Math.atan2(r2[0], r1[0]);
  const deg = (r: number) => (r * 180) / Math.PI;
  return { yawDeg: deg(yaw), pitchDeg: deg(pitch), rollDeg: deg(roll), faceHeightPx: scale * templateHeight(template) };
}

/**
 * How far the fitted projection is from a scaled rotation (rows of unequal length, or not
 * orthogonal): 0 when the template is this face's true 3D shape. Used to measure the template's
 * depth scale (scripts/make-face-template.ts).
 */
export function projectionDeparture(mesh: readonly MeshPoint[], template: readonly Vec3[]): number {
  const { rows: [m1, m2] } = fitProjection(mesh, template);
  const n1 = norm(m1), n2 = norm(m2);
  return Math.abs(n1 - n2) / ((n1 + n2) / 2) + Math.abs(dot(m1, m2) / (n1 * n2));
}

/** Least-squares 2x3 projection M with x - mean(x) = M (X - mean(X)): M = (P^T X)(X^T X)^-1. */
function fitProjection(mesh: readonly MeshPoint[], template: readonly Vec3[]): { rows: [Vec3, Vec3] } {
  const n = Math.min(template.length, mesh.length, 468);
  let mx = 0, my = 0;
  const tm: Vec3 = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    mx += mesh[i]![0]; my += mesh[i]![1];
    for (let k = 0; k < 3; k++) tm[k]! += template[i]![k]!;
  }
  mx /= n; my /= n;
  for (let k = 0; k < 3; k++) tm[k]! /= n;
  const xtx = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  const ptx = [[0, 0, 0], [0, 0, 0]];
  for (let i = 0; i < n; i++) {
    const X = sub(template[i]!, tm);
    const p = [mesh[i]![0] - mx, mesh[i]![1] - my];
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) xtx[a]![b]! += X[a]! * X[b]!;
      ptx[0]![a]! += p[0]! * X[a]!;
      ptx[1]![a]! += p[1]! * X[a]!;
    }
  }
  const inv = invert3(xtx);
  const row = (r: number[]): Vec3 => [0, 1, 2].map((b) => r[0]! * inv[0]![b]! + r[1]! * inv[1]![b]! + r[2]! * inv[2]![b]!) as Vec3;
  return { rows: [row(ptx[0]!), row(ptx[1]!)] };
}

/** Template distance from chin (152) to upper forehead (10). */
function templateHeight(template: readonly Vec3[]): number {
  return norm(sub(template[152]!, template[10]!));
}

function invert3(m: number[][]): number[][] {
  const at = (r: number, c: number) => m[(r + 3) % 3]![(c + 3) % 3]!;
  // Cofactor (r, c) by cyclic indices; the inverse is the transposed cofactor matrix over det.
  const cof = (r: number, c: number) => at(r + 1, c + 1) * at(r + 2, c + 2) - at(r + 1, c + 2) * at(r + 2, c + 1);
  const det = at(0, 0) * cof(0, 0) + at(0, 1) * cof(0, 1) + at(0, 2) * cof(0, 2);
  return [0, 1, 2].map((r) => [0, 1, 2].map((c) => cof(c, r) / det));
}

const dot = (a: readonly number[], b: readonly number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
const norm = (a: readonly number[]) => Math.sqrt(dot(a, a));
const sub = (a: readonly number[], b: readonly number[]): Vec3 => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
const mul = (a: readonly number[], k: number): Vec3 => [a[0]! * k, a[1]! * k, a[2]! * k];
const unit = (a: Vec3): Vec3 => mul(a, 1 / norm(a));
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
