import { evaluateRig } from '../evaluate';
import { RIG_TARGETS, type Rig, type RigTargetName, type RigWeights } from '../types';
import { minSignedArea2 } from './signed-area';

export interface GridResult { combinations: number; minArea2: number; worst: RigWeights }

/**
 * Evaluates the rig at every combination of the given values per target (by default {min, 0, max},
 * duplicates dropped) and returns the smallest doubled signed triangle area met, with its weights.
 */
export function foldGridCheck(rig: Rig, values?: Partial<Record<RigTargetName, number[]>>): GridResult {
  const names = RIG_TARGETS.filter((n) => rig.targets.some((t) => t.name === n));
  const choices = names.map((n) => {
    const t = rig.targets.find((x) => x.name === n)!;
    return [...new Set(values?.[n] ?? [t.min, 0, t.max])];
  });
  const triangles = rig.layers.flatMap((l) => l.triangles);
  const out = new Float32Array(rig.vertices.length);
  const idx = names.map(() => 0);
  let combinations = 0, minArea2 = Infinity, worst: RigWeights = {};
  for (;;) {
    const weights: RigWeights = {};
    names.forEach((n, i) => { weights[n] = choices[i]![idx[i]!]!; });
    const area = minSignedArea2(triangles, evaluateRig(rig, weights, out));
    combinations++;
    if (area < minArea2) { minArea2 = area; worst = weights; }
    let k = 0;
    while (k < names.length && ++idx[k]! >= choices[k]!.length) idx[k++] = 0;
    if (k === names.length) break;
  }
  return { combinations, minArea2, worst };
}
