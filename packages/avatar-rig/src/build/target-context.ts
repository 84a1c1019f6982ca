import type { RigTarget, RigTargetName } from '../types';
import { harmonicFill, type NeighbourWeights } from '../geometry/harmonic-fill';
import { roundTo } from '../geometry/round';
import { LOWER_LIP, UPPER_LIP } from './landmarks';
import type { RigMesh } from './rig-mesh';

/** Amplitudes at weight 1, in mouth widths (mw) or face widths (fw). Tuned on the fixtures, kept below folding. */
export const AMPLITUDE = {
  jawOpen: 0.45, // mw: lower lip centre drop
  roundNarrow: 0.22, // share of the lip width pulled in
  roundOpen: 0.07, // mw each lip moves away from the seam
  spreadWiden: 0.14,
  spreadLift: 0.04, // mw corners rise
  press: 0.3, // share of each lip's thickness removed (with tuck: 0.7 of the lower lip at most)
  tuck: 0.4, // share of the lower lip's thickness rolled in
  tongueUp: 0.05, // mw, under the 0.06 mw between the cavity and tongue rows at rest
  blinkClose: 0.82, // share of the lid gap closed: the rest is the lash line, and the margin that keeps head moves from folding a closed eye
  yawShift: 0.02, yawParallax: 0.025, // fw, fw per unit of relative depth
  pitchShift: 0.015, pitchParallax: 0.015,
  rollRadians: 0.03,
  breathLift: 0.01, // fw
} as const;

/** What every target builder needs: the mesh, its mean value weights, the face's local frame. */
export interface Ctx {
  mesh: RigMesh;
  weights: NeighbourWeights;
  local: (i: number) => [number, number];
  seam: (u: number) => number;
  n: number;
}

/** Prescribed displacements in the face's local frame; `free` vertices are filled harmonically, the rest stay 0. */
export function solveDense(ctx: Ctx, prescribed: Map<number, [number, number]>, free: (i: number) => boolean): Float64Array {
  const { ex, ey } = ctx.mesh.frame;
  const disp = new Float64Array(ctx.n * 2);
  const isFree: boolean[] = [];
  for (let i = 0; i < ctx.n; i++) {
    const p = prescribed.get(i);
    if (p) {
      disp[i * 2] = p[0] * ex[0] + p[1] * ey[0];
      disp[i * 2 + 1] = p[0] * ex[1] + p[1] * ey[1];
    }
    isFree.push(!p && ctx.mesh.kind[i] !== 'interior' && ctx.mesh.kind[i] !== 'frame' && free(i));
  }
  harmonicFill(ctx.weights, disp, isFree);
  return disp;
}

export function solve(ctx: Ctx, name: RigTargetName, prescribed: Map<number, [number, number]>, free: (i: number) => boolean, range: [number, number] = [0, 1]): RigTarget {
  return sparse(name, solveDense(ctx, prescribed, free), range);
}

export function sparse(name: RigTargetName, disp: Float64Array, [min, max]: [number, number]): RigTarget {
  const indices: number[] = [], deltas: number[] = [];
  for (let i = 0; i < disp.length / 2; i++) {
    const dx = disp[i * 2]!, dy = disp[i * 2 + 1]!;
    if (Math.abs(dx) < 1e-3 && Math.abs(dy) < 1e-3) continue;
    indices.push(i);
    deltas.push(roundTo(dx, 4), roundTo(dy, 4));
  }
  return { name, min, max, indices, deltas };
}

export const lipSets = () => ({ upper: new Set<number>(UPPER_LIP), lower: new Set<number>(LOWER_LIP) });

/** Parabolic bump: 1 at the mouth centre, 0 at the corners and beyond. */
export const bump = (u: number, half: number) => Math.max(0, 1 - (u / half) ** 2);

/** Least-squares parabola v = a + b u + c u^2 through points (Legendre's method). */
export function fitParabola(points: Array<[number, number]>): [number, number, number] {
  // Normal equations of least squares for v = a + b u + c u^2, solved by Cramer's rule.
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, t0 = 0, t1 = 0, t2 = 0;
  for (const [u, v] of points) {
    s0 += 1; s1 += u; s2 += u * u; s3 += u ** 3; s4 += u ** 4;
    t0 += v; t1 += u * v; t2 += u * u * v;
  }
  const det3 = (m: number[]) => m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) - m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) + m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const M = [s0, s1, s2, s1, s2, s3, s2, s3, s4];
  const d = det3(M);
  if (Math.abs(d) < 1e-9) return [t0 / s0, 0, 0];
  return [
    det3([t0, s1, s2, t1, s2, s3, t2, s3, s4]) / d,
    det3([s0, t0, s2, s1, t1, s3, s2, t2, s4]) / d,
    det3([s0, s1, t0, s1, s2, t1, s2, s3, t2]) / d,
  ];
}

