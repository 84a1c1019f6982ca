import type { RigTarget, RigTargetName } from '../types';
import { harmonicFill, type NeighbourWeights } from '../geometry/harmonic-fill';
import { roundTo } from '../geometry/round';
import { toImage } from './face-frame';
import { LOWER_LIP, UPPER_LIP } from './landmarks';
import type { RigMesh } from './rig-mesh';

/** Amplitudes at weight 1, in mouth widths (mw), face widths (fw) or radians. */
export const AMPLITUDE = {
  jawOpen: 0.55, // mw (at most 0.4 fw: see jawDrop): lower lip centre drop
  roundNarrow: 0.35, // share of the lip width pulled in (at 0.22, 'O' narrowed a sixth and read as a smaller 'aa')
  roundOpen: 0.07, // mw each lip moves away from the seam
  spreadWiden: 0.14,
  spreadLift: 0.04, // mw corners rise
  press: 0.3, // share of each lip's thickness removed, once the lips meet
  tuck: 0.4, // share of the lower lip's thickness rolled in
  tongueUp: 0.05, // mw
  blinkClose: 1, // share of the lid gap closed (at 0.95 the eye squeezed into the last 5% showed as a white line)
  yawRadians: 0.07,
  pitchRadians: 0.05,
  rollRadians: 0.04,
  breathLift: 0.01, // fw
} as const;

/**
 * How far the lower lip's middle drops at jawOpen 1, in portrait pixels. A smile widens the mouth
 * but does not make the jaw drop further: the drop follows the mouth's width only up to a typical
 * share of the face's (median of the corpus 0.38). Drawn from a broad smile's width, the open mouth
 * read as a scream (resume-profile: Human's gap 0.37 at jawOpen 0.6 fell to 0.20 at 1).
 */
export function jawDrop(frame: RigMesh['frame']): number {
  return AMPLITUDE.jawOpen * Math.min(frame.mouthWidth, JAW_MOUTH_WIDTH_CAP * frame.faceWidth);
}
const JAW_MOUTH_WIDTH_CAP = 0.4;

/** What every target builder needs: the mesh, its mean value weights, local coordinates in the face frame. */
export interface Ctx {
  mesh: RigMesh;
  weights: NeighbourWeights;
  /** Local (across, down) of vertex i in the face frame. */
  local: (i: number) => [number, number];
  /** A displacement along the face's axes (across, down, into) as it shows in the image. */
  image: (du: number, dv: number, dw?: number) => [number, number];
  n: number;
}

export function makeCtx(mesh: RigMesh, weights: NeighbourWeights): Ctx {
  return {
    mesh, weights, n: mesh.kind.length,
    local: (i) => [mesh.local[i]![0], mesh.local[i]![1]],
    image: (du, dv, dw = 0) => toImage(mesh.frame, [du, dv, dw]),
  };
}

/** Image-space displacements prescribed on some vertices; `free` face and ring vertices are filled harmonically, the rest stay 0. */
export function solveDense(ctx: Ctx, prescribed: Map<number, [number, number]>, free: (i: number) => boolean): Float64Array {
  const disp = new Float64Array(ctx.n * 2);
  const isFree: boolean[] = [];
  for (let i = 0; i < ctx.n; i++) {
    const p = prescribed.get(i);
    if (p) { disp[i * 2] = p[0]; disp[i * 2 + 1] = p[1]; }
    const kind = ctx.mesh.kind[i];
    isFree.push(!p && (kind === 'face' || kind === 'ring') && free(i));
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
