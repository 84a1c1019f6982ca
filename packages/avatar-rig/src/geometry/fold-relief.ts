import type { Rig, RigTarget, RigTargetName, RigWeights } from '../types';
import { evaluateRig } from '../evaluate';
import { roundTo } from './round';
import { signedArea2 } from './signed-area';

/** A pose judged for folds besides each target's and viseme's, where only the `relax` targets give way. */
export interface ExtraPose { weights: RigWeights; relax: ReadonlySet<RigTargetName> }

/** Head motion is left alone: its rotations are real, and what turns away is hidden by the depth test, not folded. */
const HEAD: ReadonlySet<RigTargetName> = new Set(['headYaw', 'headPitch', 'headRoll', 'breath']);
/** How far a folding vertex's movement is pulled toward its neighbours' mean per round (its neighbours half as far). */
const SMOOTH = 0.5;
const SMOOTH_ROUNDS = 40;
/** The last resort after smoothing: shrink the folding vertices' movement by this per round. */
const SHRINK = 0.8;
const SHRINK_ROUNDS = 30;
/**
 * A triangle seen this nearly edge-on or more (the share of its 3D area that faces the viewer,
 * about 70 degrees from facing) is not judged: its fold covers a few pixels, which the depth test
 * draws. On a turned face the skin under the lower lip's far side is such a sliver, and relieving
 * its fold shrank the whole jaw (tabler-male-28, 28 degrees of yaw: the lower lip dropped 5 px
 * instead of 28).
 */
const MIN_FACING = 0.35;

/**
 * Where a mouth or eye target would fold a triangle that faces the viewer at rest, it is relaxed
 * there and only there. A triangle folds when its corners move too differently (a lip dropping
 * past the skin under it), not because they move: so first each folding vertex's movement is
 * pulled toward the mean of its neighbours' (Laplacian smoothing of that pose's targets), which
 * keeps the motion's size (the jaw still opens all the way) and removes the shear; only what is
 * still folding after that loses a fifth of its movement per round until nothing flips. Checked
 * poses: each target at its maximum, each viseme at full strength. Triangles already folded, tiny
 * or seen nearly edge-on at rest (a turned face's far side, hidden by the depth test) are not
 * judged, nor those the caller allows to fold at a pose (`mayFold`, given the triangle's offset in
 * `triangles`). `extraPoses` are judged too, where only their `relax` targets give way.
 */
export function relieveFolds(rig: Rig, triangles: readonly number[], minRestArea2: number, mayFold: (t: number, pose: RigWeights) => boolean = () => false, extraPoses: readonly ExtraPose[] = []): RigTarget[] {
  const n = rig.vertices.length / 2;
  const dense = rig.targets.map((t) => toDense(t, n));
  const judged: number[] = [];
  for (let t = 0; t < triangles.length; t += 3) {
    if (signedArea2(rig.vertices, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!) > minRestArea2 && facing(rig, triangles, t) >= MIN_FACING) judged.push(t);
  }
  const poses: RigWeights[] = [
    ...rig.targets.filter((t) => !HEAD.has(t.name)).map((t) => ({ [t.name]: t.max }) as RigWeights),
    ...Object.values(rig.visemes).filter((v) => Object.keys(v).length > 0),
    ...extraPoses.map((p) => p.weights),
  ];
  const relaxOnly = new Map(extraPoses.map((p) => [p.weights, p.relax] as const));
  const neighbours = adjacency(n, triangles);
  const current = () => rig.targets.map((t, k) => fromDense(t, dense[k]!));
  const folding = (pose: RigWeights): Set<number> => {
    const positions = evaluateRig({ ...rig, targets: current() }, pose);
    const hit = new Set<number>();
    for (const t of judged) {
      if (mayFold(t, pose)) continue;
      if (signedArea2(positions, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!) <= 0) {
        hit.add(triangles[t]!); hit.add(triangles[t + 1]!); hit.add(triangles[t + 2]!);
      }
    }
    return hit;
  };
  const relax = (step: (pose: RigWeights, hit: Set<number>) => void, rounds: number) => {
    for (let round = 0; round < rounds; round++) {
      let flipped = 0;
      for (const pose of poses) {
        const hit = folding(pose);
        if (hit.size === 0) continue;
        flipped++;
        step(pose, hit);
      }
      if (flipped === 0) return true;
    }
    return false;
  };
  const movedBy = (pose: RigWeights) => rig.targets.map((t, k) => (!HEAD.has(t.name) && t.name in pose && (relaxOnly.get(pose)?.has(t.name) ?? true) ? k : -1)).filter((k) => k >= 0);

  const smooth = (pose: RigWeights, hit: Set<number>) => {
    // The folding vertices move SMOOTH of the way to their neighbours' mean, their neighbours half as far.
    const pull = new Map<number, number>();
    for (const i of hit) {
      pull.set(i, SMOOTH);
      for (const j of neighbours[i]!) if (!hit.has(j)) pull.set(j, Math.max(pull.get(j) ?? 0, SMOOTH / 2));
    }
    for (const k of movedBy(pose)) {
      const d = dense[k]!;
      const next = new Map<number, [number, number]>();
      for (const [i, a] of pull) {
        let mx = 0, my = 0;
        for (const j of neighbours[i]!) { mx += d[j * 2]!; my += d[j * 2 + 1]!; }
        const m = neighbours[i]!.length || 1;
        next.set(i, [d[i * 2]! + a * (mx / m - d[i * 2]!), d[i * 2 + 1]! + a * (my / m - d[i * 2 + 1]!)]);
      }
      for (const [i, [x, y]] of next) { d[i * 2] = x; d[i * 2 + 1] = y; }
    }
  };
  const shrink = (pose: RigWeights, hit: Set<number>) => {
    const factor = new Map<number, number>();
    for (const i of hit) {
      factor.set(i, SHRINK);
      for (const j of neighbours[i]!) if (!hit.has(j)) factor.set(j, Math.min(factor.get(j) ?? 1, (1 + SHRINK) / 2));
    }
    for (const k of movedBy(pose)) {
      const d = dense[k]!;
      for (const [i, f] of factor) { d[i * 2] = d[i * 2]! * f; d[i * 2 + 1] = d[i * 2 + 1]! * f; }
    }
  };
  if (!relax(smooth, SMOOTH_ROUNDS)) relax(shrink, SHRINK_ROUNDS);
  return current();
}

/** The share of triangle t's 3D area (x, y and the rig's depth) that faces the viewer: 1 facing, 0 edge-on; 1 without depth. */
function facing(rig: Rig, triangles: readonly number[], t: number): number {
  if (!rig.depth) return 1;
  const p = (i: number) => [rig.vertices[i * 2]!, rig.vertices[i * 2 + 1]!, rig.depth![i]!] as const;
  const [a, b, c] = [p(triangles[t]!), p(triangles[t + 1]!), p(triangles[t + 2]!)];
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const normal = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
  const length = Math.hypot(...normal);
  return length > 0 ? Math.abs(normal[2]!) / length : 1;
}

/** Only vertices the target moved at all are touched here, so a target keeps its set of vertices unless smoothing spreads it. */
function toDense(target: RigTarget, n: number): Float64Array {
  const d = new Float64Array(n * 2);
  target.indices.forEach((i, k) => { d[i * 2] = target.deltas[k * 2]!; d[i * 2 + 1] = target.deltas[k * 2 + 1]!; });
  return d;
}

function fromDense(target: RigTarget, d: Float64Array): RigTarget {
  const indices: number[] = [], deltas: number[] = [];
  for (let i = 0; i < d.length / 2; i++) {
    const dx = roundTo(d[i * 2]!, 4), dy = roundTo(d[i * 2 + 1]!, 4);
    if (Math.abs(dx) < 1e-3 && Math.abs(dy) < 1e-3) continue;
    indices.push(i);
    deltas.push(dx, dy);
  }
  return { ...target, indices, deltas };
}

function adjacency(n: number, triangles: readonly number[]): number[][] {
  const sets = Array.from({ length: n }, () => new Set<number>());
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t]!, b = triangles[t + 1]!, c = triangles[t + 2]!;
    sets[a]!.add(b).add(c); sets[b]!.add(a).add(c); sets[c]!.add(a).add(b);
  }
  return sets.map((s) => [...s]);
}
