import { signedArea2 } from './signed-area';

/**
 * Moves vertices of too thin or inverted triangles towards the mean of their neighbours (Laplacian
 * smoothing restricted to the offending vertices) until every triangle's doubled signed area is at
 * least `minArea2`. Safe for a rig whose UVs follow the rest positions: the rest render is the photo
 * wherever the vertices sit. `tied` pairs (coincident vertices, e.g. the two sides of the closed
 * lip seam) move together, to the mean over both neighbourhoods. Returns the smallest area reached.
 */
export function untangle(positions: number[], triangles: number[], tied: Map<number, number>, minArea2: number, iterations = 400): number {
  const neighbours = new Map<number, Set<number>>();
  const link = (a: number, b: number) => {
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    neighbours.get(a)!.add(b);
  };
  for (let t = 0; t < triangles.length; t += 3) {
    const [a, b, c] = [triangles[t]!, triangles[t + 1]!, triangles[t + 2]!];
    link(a, b); link(a, c); link(b, a); link(b, c); link(c, a); link(c, b);
  }
  let worst = Infinity;
  for (let it = 0; it < iterations; it++) {
    const bad = new Set<number>();
    worst = Infinity;
    for (let t = 0; t < triangles.length; t += 3) {
      const area = signedArea2(positions, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!);
      worst = Math.min(worst, area);
      if (area < minArea2) for (let k = 0; k < 3; k++) bad.add(triangles[t + k]!);
    }
    if (bad.size === 0) break;
    for (const v of bad) {
      const partner = tied.get(v);
      const ns = [...(neighbours.get(v) ?? []), ...(partner === undefined ? [] : neighbours.get(partner) ?? [])];
      if (!ns.length) continue;
      let x = 0, y = 0;
      for (const n of ns) { x += positions[n * 2]!; y += positions[n * 2 + 1]!; }
      const nx = positions[v * 2]! * 0.5 + (x / ns.length) * 0.5, ny = positions[v * 2 + 1]! * 0.5 + (y / ns.length) * 0.5;
      for (const w of partner === undefined ? [v] : [v, partner]) { positions[w * 2] = nx; positions[w * 2 + 1] = ny; }
    }
  }
  return worst;
}
