import type { Rig } from '../types';

export interface FoldProof {
  /** Triangles (all layers, in layer order) proven never to fold anywhere in the targets' weight box. */
  proven: number;
  /** Triangles with a weight vector inside the box at which they fold, with that vector. */
  folds: Array<{ triangle: number; weights: Record<string, number>; area2: number }>;
  /** Triangles the search gave up on (budget spent without a proof or a fold). */
  undecided: number[];
  total: number;
}

interface Quadratic { ks: number[]; a0: number; lin: number[]; q: number[][] }

/**
 * Proves the no-fold property over the whole weight box, not only at sampled corners. A triangle's
 * doubled signed area is a quadratic polynomial in the target weights, A(w) = A0 + sum b_k w_k +
 * sum q_kl w_k w_l. Branch and bound with interval arithmetic: on a box, each single-weight part
 * b_k w + q_kk w^2 is bounded by its exact minimum and each cross term by its worst corner; a box
 * whose bound is not positive is split in two along its most influential weight, and its centre is
 * evaluated exactly (a negative value there is a real fold). evaluateRig clamps weights to the same
 * box, so a proof covers every frame a renderer can draw.
 */
export function proveNoFold(rig: Rig, budgetPerTriangle = 4000): FoldProof {
  const triangles = rig.layers.flatMap((l) => l.triangles);
  const total = triangles.length / 3;
  const result: FoldProof = { proven: 0, folds: [], undecided: [], total };
  const polys = trianglePolynomials(rig, triangles);
  const lo0 = rig.targets.map((t) => t.min), hi0 = rig.targets.map((t) => t.max);
  polys.forEach((p, tri) => {
    const outcome = branchAndBound(p, p.ks.map((k) => lo0[k]!), p.ks.map((k) => hi0[k]!), budgetPerTriangle);
    if (outcome === 'proven') result.proven++;
    else if (outcome === 'undecided') result.undecided.push(tri);
    else result.folds.push({ triangle: tri, weights: Object.fromEntries(p.ks.map((k, i) => [rig.targets[k]!.name, outcome.w[i]!])), area2: outcome.area2 });
  });
  return result;
}

function trianglePolynomials(rig: Rig, triangles: number[]): Quadratic[] {
  const n = rig.vertices.length / 2;
  const dense = rig.targets.map((t) => {
    const d = new Float64Array(n * 2);
    t.indices.forEach((v, k) => { d[v * 2] = t.deltas[k * 2]!; d[v * 2 + 1] = t.deltas[k * 2 + 1]!; });
    return d;
  });
  const touched = rig.targets.map((t) => new Set(t.indices));
  const P = rig.vertices;
  const cross = (ax: number, ay: number, bx: number, by: number) => ax * by - ay * bx;
  const out: Quadratic[] = [];
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t]!, b = triangles[t + 1]!, c = triangles[t + 2]!;
    const e1 = [P[b * 2]! - P[a * 2]!, P[b * 2 + 1]! - P[a * 2 + 1]!] as const;
    const e2 = [P[c * 2]! - P[a * 2]!, P[c * 2 + 1]! - P[a * 2 + 1]!] as const;
    const ks: number[] = [];
    rig.targets.forEach((_, k) => { if (touched[k]!.has(a) || touched[k]!.has(b) || touched[k]!.has(c)) ks.push(k); });
    const d1 = ks.map((k) => [dense[k]![b * 2]! - dense[k]![a * 2]!, dense[k]![b * 2 + 1]! - dense[k]![a * 2 + 1]!] as const);
    const d2 = ks.map((k) => [dense[k]![c * 2]! - dense[k]![a * 2]!, dense[k]![c * 2 + 1]! - dense[k]![a * 2 + 1]!] as const);
    const lin = ks.map((_, i) => cross(e1[0], e1[1], d2[i]![0], d2[i]![1]) + cross(d1[i]![0], d1[i]![1], e2[0], e2[1]));
    // q[i][j] (i <= j) is the whole coefficient of w_i w_j.
    const q = ks.map((_, i) => ks.map((__, j) => (j < i ? 0 : j === i
      ? cross(d1[i]![0], d1[i]![1], d2[i]![0], d2[i]![1])
      : cross(d1[i]![0], d1[i]![1], d2[j]![0], d2[j]![1]) + cross(d1[j]![0], d1[j]![1], d2[i]![0], d2[i]![1]))));
    out.push({ ks, a0: cross(e1[0], e1[1], e2[0], e2[1]), lin, q });
  }
  return out;
}

function evaluate(p: Quadratic, w: number[]): number {
  let v = p.a0;
  for (let i = 0; i < w.length; i++) {
    v += p.lin[i]! * w[i]!;
    for (let j = i; j < w.length; j++) v += p.q[i]![j]! * w[i]! * w[j]!;
  }
  return v;
}

function lowerBound(p: Quadratic, lo: number[], hi: number[]): number {
  let bound = p.a0;
  for (let i = 0; i < lo.length; i++) {
    const b = p.lin[i]!, c = p.q[i]![i]!;
    const f = (w: number) => b * w + c * w * w;
    let m = Math.min(f(lo[i]!), f(hi[i]!));
    if (c > 0) { const w = -b / (2 * c); if (w > lo[i]! && w < hi[i]!) m = Math.min(m, f(w)); }
    bound += m;
    for (let j = i + 1; j < lo.length; j++) {
      const q = p.q[i]![j]!;
      if (q !== 0) bound += Math.min(q * lo[i]! * lo[j]!, q * lo[i]! * hi[j]!, q * hi[i]! * lo[j]!, q * hi[i]! * hi[j]!);
    }
  }
  return bound;
}

function branchAndBound(p: Quadratic, lo: number[], hi: number[], budget: number): 'proven' | 'undecided' | { w: number[]; area2: number } {
  const stack: Array<[number[], number[]]> = [[lo, hi]];
  let spent = 0;
  while (stack.length) {
    const [l, h] = stack.pop()!;
    if (lowerBound(p, l, h) > 0) continue;
    const mid = l.map((x, i) => (x + h[i]!) / 2);
    const atMid = evaluate(p, mid);
    if (atMid <= 0) return { w: mid, area2: atMid };
    for (const corner of [l, h]) { const v = evaluate(p, corner); if (v <= 0) return { w: corner, area2: v }; }
    if (++spent > budget) return 'undecided';
    // Split the weight whose interval contributes most to the bound's slack.
    let best = 0, bestScore = -1;
    for (let i = 0; i < l.length; i++) {
      let s = Math.abs(p.lin[i]!) + Math.abs(p.q[i]![i]!) * 2;
      for (let j = 0; j < l.length; j++) if (j !== i) s += Math.abs(i < j ? p.q[i]![j]! : p.q[j]![i]!);
      const score = s * (h[i]! - l[i]!);
      if (score > bestScore) { bestScore = score; best = i; }
    }
    const h1 = h.slice(), l2 = l.slice();
    h1[best] = mid[best]!; l2[best] = mid[best]!;
    stack.push([l, h1], [l2, h]);
  }
  return 'proven';
}
