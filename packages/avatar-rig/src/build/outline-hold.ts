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
  const distance = distanceToOutline(mesh, size);
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

/** Portrait pixels per cell of the outline's mask: the band is 15-50 px wide, a cell's error of a pixel or two is lost in it, and a quarter of the cells took 23 -> 9 ms a rig (mean of 12 builds of tabler-male-14-4x, 528 px). */
const CELL = 2;

/** Per vertex, its distance (portrait pixels) to the face's outline; Infinity for vertices that are not the face's. */
function distanceToOutline(mesh: RigMesh, size: number): Float64Array {
  const grid = Math.ceil(size / CELL);
  const distance = chamferDistance(faceMask(mesh, grid), grid);
  const cell = (x: number) => Math.min(grid - 1, Math.max(0, Math.floor(x / CELL)));
  return Float64Array.from(mesh.kind, (kind, i) => (kind === 'face' ? CELL * distance[cell(mesh.vertices[i * 2 + 1]!) * grid + cell(mesh.vertices[i * 2]!)]! : Infinity));
}

/** The cells (CELL portrait px a side, `grid` cells a side) covered by the face's own triangles at rest, holes (the mouth's opening) filled: everything the border cannot reach. */
function faceMask(mesh: RigMesh, grid: number): Uint8Array {
  const inside = new Uint8Array(grid * grid);
  const { vertices: v, kind, faceTriangles: t } = mesh;
  for (let k = 0; k < t.length; k += 3) {
    const a = t[k]!, b = t[k + 1]!, c = t[k + 2]!;
    if (kind[a] !== 'face' || kind[b] !== 'face' || kind[c] !== 'face') continue;
    const ax = v[a * 2]! / CELL, ay = v[a * 2 + 1]! / CELL, bx = v[b * 2]! / CELL, by = v[b * 2 + 1]! / CELL, cx = v[c * 2]! / CELL, cy = v[c * 2 + 1]! / CELL;
    const det = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if (Math.abs(det) < 1e-9) continue;
    for (let y = Math.max(0, Math.floor(Math.min(ay, by, cy))); y <= Math.min(grid - 1, Math.ceil(Math.max(ay, by, cy))); y++) {
      for (let x = Math.max(0, Math.floor(Math.min(ax, bx, cx))); x <= Math.min(grid - 1, Math.ceil(Math.max(ax, bx, cx))); x++) {
        const wb = ((x + 0.5 - ax) * (cy - ay) - (cx - ax) * (y + 0.5 - ay)) / det;
        const wc = ((bx - ax) * (y + 0.5 - ay) - (x + 0.5 - ax) * (by - ay)) / det;
        if (wb >= 0 && wc >= 0 && wb + wc <= 1) inside[y * grid + x] = 1;
      }
    }
  }
  // Flood the uncovered pixels from the border (marked 2); the rest is inside the outline.
  const stack = new Int32Array(grid * grid);
  let top = 0;
  const visit = (p: number) => { if (inside[p] === 0) { inside[p] = 2; stack[top++] = p; } };
  for (let i = 0; i < grid; i++) { visit(i); visit((grid - 1) * grid + i); visit(i * grid); visit(i * grid + grid - 1); }
  while (top > 0) {
    const p = stack[--top]!, x = p % grid;
    if (x > 0) visit(p - 1);
    if (x < grid - 1) visit(p + 1);
    if (p >= grid) visit(p - grid);
    if (p < grid * (grid - 1)) visit(p + grid);
  }
  for (let p = 0; p < inside.length; p++) inside[p] = inside[p] === 2 ? 0 : 1;
  return inside;
}

/** Distance from every pixel to the nearest pixel outside the mask (0 there; the image's border counts as outside), by a two-pass chamfer (1, √2): within 8% of the Euclidean. Hand-written: sharp, the image library here, has no distance transform, and this is two sweeps. */
function chamferDistance(inside: Uint8Array, grid: number): Float32Array {
  const d = new Float32Array(grid * grid);
  for (let p = 0; p < d.length; p++) d[p] = inside[p] ? 1e9 : 0;
  // Pixel p's distance through a neighbour q at step cost c; a neighbour off the image is outside.
  const via = (q: number, inImage: boolean, c: number) => (inImage ? d[q]! + c : c);
  const sweep = (p: number, x: number, y: number, sx: number, sy: number) => {
    const xIn = x - sx >= 0 && x - sx < grid, yIn = y - sy >= 0 && y - sy < grid;
    let m = d[p]!;
    const a = via(p - sx, xIn, 1), b = via(p - sy * grid, yIn, 1);
    const c = via(p - sy * grid - sx, xIn && yIn, Math.SQRT2), e = via(p - sy * grid + sx, yIn && x + sx >= 0 && x + sx < grid, Math.SQRT2);
    if (a < m) m = a;
    if (b < m) m = b;
    if (c < m) m = c;
    if (e < m) m = e;
    d[p] = m;
  };
  for (let y = 0; y < grid; y++) for (let x = 0; x < grid; x++) if (inside[y * grid + x]) sweep(y * grid + x, x, y, 1, 1);
  for (let y = grid - 1; y >= 0; y--) for (let x = grid - 1; x >= 0; x--) if (inside[y * grid + x]) sweep(y * grid + x, x, y, -1, -1);
  return d;
}
