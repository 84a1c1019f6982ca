import type { Rig, RigWeights } from './types';

/**
 * Positions of every vertex for the given weights: rest + sum(weight * delta), weights clamped to
 * each target's range. Writes into `out` (allocated once by the caller) so a 60 fps renderer makes
 * no garbage.
 */
export function evaluateRig(rig: Rig, weights: RigWeights, out: Float32Array = new Float32Array(rig.vertices.length)): Float32Array {
  const rest = rig.vertices;
  for (let i = 0; i < rest.length; i++) out[i] = rest[i]!;
  for (const target of rig.targets) {
    const raw = weights[target.name] ?? 0;
    const weight = Math.min(target.max, Math.max(target.min, raw));
    if (weight === 0) continue;
    const { indices, deltas } = target;
    for (let k = 0; k < indices.length; k++) {
      const v = indices[k]! * 2;
      out[v] = out[v]! + weight * deltas[k * 2]!;
      out[v + 1] = out[v + 1]! + weight * deltas[k * 2 + 1]!;
    }
  }
  return out;
}

/** Blends viseme weights (e.g. { aa: 0.7, O: 0.3 }) into target weights via the rig's viseme table. */
export function visemeWeightsToTargets(rig: Rig, visemeWeights: Partial<Record<string, number>>, into: RigWeights = {}): RigWeights {
  for (const [viseme, amount] of Object.entries(visemeWeights)) {
    if (!amount) continue;
    const recipe = rig.visemes[viseme as keyof Rig['visemes']];
    if (!recipe) continue;
    for (const [target, weight] of Object.entries(recipe)) {
      const key = target as keyof RigWeights;
      into[key] = (into[key] ?? 0) + amount * (weight ?? 0);
    }
  }
  return into;
}
