import type { RigTarget } from '../types';
import { LOWER_LIP, UPPER_LIP } from './landmarks';
import type { RigMesh } from './rig-mesh';
import { sparse } from './target-context';

/**
 * How far inside the face's outline (face widths) the lips' sideways targets fade in. A turned
 * face's far cheek lies between the mouth corner and the outline; rounding or spreading the lips
 * moved that outline with the corner, off the hair, neck or background behind it, which stays:
 * drawn from the photo, the outline moved in uncovered a copy of its own edge (tabler-male-14-4x
 * at U: a crisp streak down the cheek), and moved out it cut a hard edge into the background.
 */
const OUTLINE_BAND = 0.1;

/**
 * What holds a target's face vertices near the face's outline back (see OUTLINE_BAND), the lips
 * keeping their motion; the outline is the face mesh's as drawn at rest in a `size` px portrait.
 */
export function outlineHold(mesh: RigMesh, size: number): (target: RigTarget) => RigTarget {
  const band = OUTLINE_BAND * mesh.frame.faceWidth;
  const distance = distanceToOutline(mesh, size, band);
  const lips = new Set<number>([...UPPER_LIP, ...LOWER_LIP]);
  return (target) => {
    const disp = new Float64Array(mesh.kind.length * 2);
    target.indices.forEach((i, k) => {
      const t = lips.has(i) ? 1 : Math.min(1, distance[i]! / band);
      const keep = t * t * (3 - 2 * t);
      disp[i * 2] = target.deltas[k * 2]! * keep;
      disp[i * 2 + 1] = target.deltas[k * 2 + 1]! * keep;
    });
    return sparse(target.name, disp, [target.min, target.max]);
  };
}

/** Per vertex, its distance (portrait pixels) to the face's outline, looked for up to `limit` away; Infinity beyond it and for vertices that are not the face's. */
function distanceToOutline(mesh: RigMesh, size: number, limit: number): Float64Array {
  const inside = faceMask(mesh, size);
  const out = new Float64Array(mesh.kind.length).fill(Infinity);
  const r = Math.ceil(limit);
  for (let i = 0; i < mesh.kind.length; i++) {
    if (mesh.kind[i] !== 'face') continue;
    const px = mesh.vertices[i * 2]!, py = mesh.vertices[i * 2 + 1]!;
    for (let y = Math.floor(py) - r; y <= Math.floor(py) + r; y++) {
      for (let x = Math.floor(px) - r; x <= Math.floor(px) + r; x++) {
        const outside = x < 0 || y < 0 || x >= size || y >= size || !inside[y * size + x];
        if (outside) out[i] = Math.min(out[i]!, Math.hypot(x + 0.5 - px, y + 0.5 - py));
      }
    }
  }
  return out;
}

/** Pixels covered by the face's own triangles at rest, holes (the mouth's opening) filled: everything the border cannot reach. */
function faceMask(mesh: RigMesh, size: number): Uint8Array {
  const covered = new Uint8Array(size * size);
  const { vertices: v, kind, faceTriangles: t } = mesh;
  for (let k = 0; k < t.length; k += 3) {
    const a = t[k]!, b = t[k + 1]!, c = t[k + 2]!;
    if (kind[a] !== 'face' || kind[b] !== 'face' || kind[c] !== 'face') continue;
    const xs = [v[a * 2]!, v[b * 2]!, v[c * 2]!], ys = [v[a * 2 + 1]!, v[b * 2 + 1]!, v[c * 2 + 1]!];
    const det = (xs[1]! - xs[0]!) * (ys[2]! - ys[0]!) - (xs[2]! - xs[0]!) * (ys[1]! - ys[0]!);
    if (Math.abs(det) < 1e-9) continue;
    for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(size - 1, Math.ceil(Math.max(...ys))); y++) {
      for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(size - 1, Math.ceil(Math.max(...xs))); x++) {
        const px = x + 0.5, py = y + 0.5;
        const wb = ((px - xs[0]!) * (ys[2]! - ys[0]!) - (xs[2]! - xs[0]!) * (py - ys[0]!)) / det;
        const wc = ((xs[1]! - xs[0]!) * (py - ys[0]!) - (px - xs[0]!) * (ys[1]! - ys[0]!)) / det;
        if (wb >= 0 && wc >= 0 && wb + wc <= 1) covered[y * size + x] = 1;
      }
    }
  }
  // Flood the uncovered pixels from the border: what it does not reach is inside the outline.
  const reached = new Uint8Array(size * size);
  const stack: number[] = [];
  for (let i = 0; i < size; i++) for (const p of [i, (size - 1) * size + i, i * size, i * size + size - 1]) if (!covered[p] && !reached[p]) { reached[p] = 1; stack.push(p); }
  while (stack.length) {
    const p = stack.pop()!, x = p % size, y = (p - x) / size;
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
      if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
      const q = ny * size + nx;
      if (!covered[q] && !reached[q]) { reached[q] = 1; stack.push(q); }
    }
  }
  const inside = new Uint8Array(size * size);
  for (let p = 0; p < inside.length; p++) inside[p] = reached[p] ? 0 : 1;
  return inside;
}
