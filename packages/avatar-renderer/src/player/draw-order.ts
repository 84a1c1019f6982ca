import type { Rig } from '@avatar-factory/avatar-rig';

/**
 * Rig v2 depth without a depth buffer: a depth-tested layer's triangles are painted back to front
 * (painter's algorithm by mean vertex depth). Depth is fixed per vertex, so the order is computed
 * once; other layers keep their array order.
 */
export function drawOrder(layer: Rig['layers'][number], depth: readonly number[] | undefined): Uint32Array {
  const triangles = Uint32Array.from(layer.triangles);
  if (!layer.depthTest || !depth) return triangles;
  const count = triangles.length / 3;
  const mean = new Float64Array(count);
  for (let t = 0; t < count; t++) mean[t] = (depth[triangles[t * 3]!]! + depth[triangles[t * 3 + 1]!]! + depth[triangles[t * 3 + 2]!]!) / 3;
  const order = Array.from({ length: count }, (_, t) => t).sort((a, b) => mean[a]! - mean[b]!);
  const sorted = new Uint32Array(triangles.length);
  order.forEach((t, k) => sorted.set(triangles.subarray(t * 3, t * 3 + 3), k * 3));
  return sorted;
}
