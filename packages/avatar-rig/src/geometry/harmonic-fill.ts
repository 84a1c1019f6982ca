/**
 * Smooth displacement of free vertices from prescribed ones: each free vertex's displacement is the
 * mean-value-weighted average of its neighbours' (Floater 2003, "Mean value coordinates"; the
 * discrete harmonic / Tutte-embedding idea). The weights are positive and reproduce linear fields,
 * so a rest mesh with zero prescribed displacement stays at rest, and the fill is free of the
 * wiggles a uniform Laplacian makes on meshes of mixed triangle sizes.
 */
export interface NeighbourWeights {
  /** For vertex i: neighbour indices and normalised weights (summing to 1). */
  neighbours: number[][];
  weights: number[][];
}

export function meanValueWeights(vertexCount: number, triangles: ArrayLike<number>, positions: ArrayLike<number>): NeighbourWeights {
  const maps: Array<Map<number, number>> = Array.from({ length: vertexCount }, () => new Map());
  const corner = (i: number, j: number, k: number) => {
    const px = positions[i * 2]!, py = positions[i * 2 + 1]!;
    const ax = positions[j * 2]! - px, ay = positions[j * 2 + 1]! - py;
    const bx = positions[k * 2]! - px, by = positions[k * 2 + 1]! - py;
    const la = Math.hypot(ax, ay), lb = Math.hypot(bx, by);
    if (la < 1e-9 || lb < 1e-9) return;
    const angle = Math.acos(Math.max(-1, Math.min(1, (ax * bx + ay * by) / (la * lb))));
    const t = Math.tan(angle / 2);
    const m = maps[i]!;
    m.set(j, (m.get(j) ?? 0) + t / la);
    m.set(k, (m.get(k) ?? 0) + t / lb);
  };
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t]!, b = triangles[t + 1]!, c = triangles[t + 2]!;
    corner(a, b, c); corner(b, c, a); corner(c, a, b);
  }
  const neighbours: number[][] = [], weights: number[][] = [];
  for (const m of maps) {
    const total = [...m.values()].reduce((s, w) => s + w, 0);
    neighbours.push([...m.keys()]);
    weights.push([...m.values()].map((w) => (total > 0 ? w / total : 0)));
  }
  return { neighbours, weights };
}

/**
 * Fills `free` vertices' [dx, dy] (in `displacement`, flat, length 2n) from all others, which stay
 * as given. Successive over-relaxation of the Gauss-Seidel sweep; converges in a few hundred sweeps
 * on a face mesh of under a thousand vertices.
 */
export function harmonicFill(nw: NeighbourWeights, displacement: Float64Array, free: boolean[], sweeps = 2000, omega = 1.2): void {
  const order: number[] = [];
  free.forEach((f, i) => { if (f && nw.neighbours[i]!.length > 0) order.push(i); });
  for (let s = 0; s < sweeps; s++) {
    let change = 0;
    for (const i of order) {
      const ns = nw.neighbours[i]!, ws = nw.weights[i]!;
      let x = 0, y = 0;
      for (let k = 0; k < ns.length; k++) {
        x += ws[k]! * displacement[ns[k]! * 2]!;
        y += ws[k]! * displacement[ns[k]! * 2 + 1]!;
      }
      const dx = omega * (x - displacement[i * 2]!), dy = omega * (y - displacement[i * 2 + 1]!);
      displacement[i * 2] = displacement[i * 2]! + dx;
      displacement[i * 2 + 1] = displacement[i * 2 + 1]! + dy;
      change = Math.max(change, Math.abs(dx), Math.abs(dy));
    }
    if (change < 1e-5) break;
  }
}
