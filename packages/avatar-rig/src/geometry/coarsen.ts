import { evaluateRig } from '../evaluate';
import { sampledPoses } from '../quality/poses';
import type { Rig, RigWeights } from '../types';
import { signedArea2 } from './signed-area';

/** How far (portrait pixels) a coarser layer may draw any vertex it no longer uses from where the rig moves it, at any checked pose. */
interface CoarsenTolerance {
  motionPx: number;
  /** The same for the vertex's depth (rig v2's depth test). */
  depthPx: number;
}

/**
 * The triangles of layer `layerName` with every vertex removed whose motion the triangles around
 * it reproduce: where every target moves a patch of the layer along a plane (a cheek, the
 * forehead, the hair under a head turn), one large triangle draws what many small ones did. A CPU
 * rasteriser pays per triangle, not per pixel: SwiftShader drew a 512 px frame covered by 968
 * triangles in 4.4-5.2 ms and by 2 in 1.5-1.8 ms (2026-12-06), and Canvas 2D clips and draws each
 * triangle separately. At rest any triangulation draws the photo exactly (the layer's texture
 * coordinates are its rest positions); under motion, a removed vertex's place is interpolated from
 * the triangle now over it, and it is removed only where that stays within `tolerance` of where the
 * rig moves it, at every pose the quality checks sample and every target at its extremes, with no
 * triangle turning over at any of them. Vertices the other layers draw, and those on the layer's
 * edges (the mouth's opening, the portrait's border), stay. Written here: mesh simplifiers
 * (meshoptimizer and the like) measure error on one static shape, not on the motion of a rig.
 */
export function coarsenLayer(rig: Rig, layerName: string, tolerance: CoarsenTolerance): number[] {
  const layer = rig.layers.find((l) => l.name === layerName);
  if (!layer) throw new Error(`coarsenLayer: no layer ${layerName}`);
  const rest = rig.vertices;
  const depth = rig.depth;
  const poses = checkedPoses(rig).map((weights) => evaluateRig(rig, weights));
  const kept = new Set<number>();
  for (const other of rig.layers) if (other !== layer) for (const i of other.triangles) kept.add(i);

  const triangles: Array<[number, number, number] | null> = [];
  const around = new Map<number, Set<number>>();
  const addTriangle = (t: [number, number, number]) => {
    const id = triangles.push(t) - 1;
    for (const i of t) {
      let set = around.get(i);
      if (!set) around.set(i, (set = new Set()));
      set.add(id);
    }
  };
  for (let k = 0; k < layer.triangles.length; k += 3) {
    const t: [number, number, number] = [layer.triangles[k]!, layer.triangles[k + 1]!, layer.triangles[k + 2]!];
    // Drawn the other way round (not oriented at rest): left as it is, and so are its vertices.
    if (signedArea2(rest, ...t) <= 0) t.forEach((i) => kept.add(i));
    addTriangle(t);
  }

  const removed: number[] = [];
  const tryRemove = (v: number): boolean => {
    const fan = [...(around.get(v) ?? [])];
    const ring = linkCycle(v, fan.map((id) => triangles[id]!));
    if (!ring) return false;
    // Where the rig folds a triangle at some pose (allowed on the lips and lids), the layer stays as it is.
    if (fan.some((id) => poses.some((p) => signedArea2(p, ...triangles[id]!) <= 0))) return false;
    const filled = earClip(ring, rest);
    if (!filled || filled.some((t) => poses.some((p) => signedArea2(p, ...t) <= 0))) return false;
    const xs = ring.map((i) => rest[i * 2]!), ys = ring.map((i) => rest[i * 2 + 1]!);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const near = (q: number) => rest[q * 2]! >= x0 && rest[q * 2]! <= x1 && rest[q * 2 + 1]! >= y0 && rest[q * 2 + 1]! <= y1;
    for (const q of [v, ...removed.filter(near)]) {
      const hit = locate(rest, filled, q);
      if (!hit) {
        if (q === v) return false;
        continue;
      }
      const { t, weights } = hit;
      if (depth && Math.abs(weights[0] * depth[t[0]]! + weights[1] * depth[t[1]]! + weights[2] * depth[t[2]]! - depth[q]!) > tolerance.depthPx) return false;
      for (const p of poses) {
        const x = weights[0] * p[t[0] * 2]! + weights[1] * p[t[1] * 2]! + weights[2] * p[t[2] * 2]!;
        const y = weights[0] * p[t[0] * 2 + 1]! + weights[1] * p[t[1] * 2 + 1]! + weights[2] * p[t[2] * 2 + 1]!;
        if (Math.hypot(x - p[q * 2]!, y - p[q * 2 + 1]!) > tolerance.motionPx) return false;
      }
    }
    for (const id of fan) {
      for (const i of triangles[id]!) around.get(i)!.delete(id);
      triangles[id] = null;
    }
    filled.forEach(addTriangle);
    removed.push(v);
    return true;
  };

  // Passes until nothing more goes: a vertex kept while its neighbours were there may go once they
  // have (only those around a removed vertex are tried again).
  let candidates = [...around.keys()].filter((v) => !kept.has(v)).sort((a, b) => a - b);
  for (let pass = 0; candidates.length > 0 && pass < MAX_PASSES; pass++) {
    const again = new Set<number>();
    for (const v of candidates) {
      const neighbours = [...(around.get(v) ?? [])].flatMap((id) => triangles[id]!);
      if (around.get(v)!.size >= 3 && tryRemove(v)) neighbours.forEach((i) => again.add(i));
    }
    candidates = [...again].filter((v) => !kept.has(v) && around.get(v)!.size > 0).sort((a, b) => a - b);
  }
  return triangles.flatMap((t) => t ?? []);
}

const MAX_PASSES = 8;

/** Rest, every pose the quality checks sample, and every target alone at its extremes. */
function checkedPoses(rig: Rig): RigWeights[] {
  return [
    ...sampledPoses(rig).map((pose) => pose.weights),
    ...rig.targets.flatMap((t) => [{ [t.name]: t.min }, { [t.name]: t.max }] as RigWeights[]),
  ];
}

/** The vertices around `v` in order, from its triangles (each oriented positively), or null unless they close a single loop (v on an edge of the layer). */
function linkCycle(v: number, fan: Array<[number, number, number]>): number[] | null {
  const next = new Map<number, number>();
  for (const [a, b, c] of fan) {
    const [from, to] = a === v ? [b, c] : b === v ? [c, a] : [a, b];
    if (next.has(from)) return null;
    next.set(from, to);
  }
  const start = fan.length ? next.keys().next().value! : -1;
  const ring: number[] = [];
  for (let at = start; ring.length <= fan.length; ) {
    ring.push(at);
    const to = next.get(at);
    if (to === undefined) return null;
    if (to === start) return ring.length === fan.length ? ring : null;
    at = to;
  }
  return null;
}

/**
 * Triangles filling a simple polygon whose vertices run the positive way: ears clipped one at a
 * time, the best-shaped first (largest smallest angle), so that no sliver is left where a wide
 * triangle would do. Null when no ear is left (the polygon is not simple).
 */
function earClip(polygon: number[], positions: ArrayLike<number>): Array<[number, number, number]> | null {
  const left = [...polygon];
  const out: Array<[number, number, number]> = [];
  while (left.length > 3) {
    let best = -1, bestShape = -Infinity;
    for (let k = 0; k < left.length; k++) {
      const t: [number, number, number] = [left[(k + left.length - 1) % left.length]!, left[k]!, left[(k + 1) % left.length]!];
      if (signedArea2(positions, ...t) <= MIN_AREA2) continue;
      if (left.some((q) => !t.includes(q) && barycentric(positions, t, q) !== null)) continue;
      const shape = smallestAngle(positions, t);
      if (shape > bestShape) { bestShape = shape; best = k; }
    }
    if (best < 0) return null;
    out.push([left[(best + left.length - 1) % left.length]!, left[best]!, left[(best + 1) % left.length]!]);
    left.splice(best, 1);
  }
  const last = left as [number, number, number];
  if (signedArea2(positions, ...last) <= MIN_AREA2) return null;
  out.push(last);
  return out;
}

/** Doubled area (px²) below which a new triangle counts as flat. */
const MIN_AREA2 = 1e-3;

/** The first of `triangles` that holds vertex q (at `positions`), with q's barycentric weights in it; null when none does. */
function locate(positions: ArrayLike<number>, triangles: Array<[number, number, number]>, q: number): { t: [number, number, number]; weights: [number, number, number] } | null {
  for (const t of triangles) {
    const weights = barycentric(positions, t, q);
    if (weights) return { t, weights };
  }
  return null;
}

/** The barycentric weights of vertex q in triangle t (at `positions`), or null when q lies outside it. */
function barycentric(positions: ArrayLike<number>, t: readonly [number, number, number], q: number): [number, number, number] | null {
  const area = signedArea2(positions, t[0], t[1], t[2]);
  if (area <= 0) return null;
  const w0 = signedArea2(positions, q, t[1], t[2]) / area;
  const w1 = signedArea2(positions, t[0], q, t[2]) / area;
  const w2 = 1 - w0 - w1;
  const eps = -1e-9;
  return w0 >= eps && w1 >= eps && w2 >= eps ? [w0, w1, w2] : null;
}

function smallestAngle(positions: ArrayLike<number>, [a, b, c]: readonly [number, number, number]): number {
  const p = (i: number) => [positions[i * 2]!, positions[i * 2 + 1]!] as const;
  const angle = (o: number, x: number, y: number) => {
    const [ox, oy] = p(o), [xx, xy] = p(x), [yx, yy] = p(y);
    const ux = xx - ox, uy = xy - oy, vx = yx - ox, vy = yy - oy;
    return Math.acos(Math.max(-1, Math.min(1, (ux * vx + uy * vy) / (Math.hypot(ux, uy) * Math.hypot(vx, vy) || 1))));
  };
  return Math.min(angle(a, b, c), angle(b, c, a), angle(c, a, b));
}
