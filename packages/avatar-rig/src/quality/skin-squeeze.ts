import { evaluateRig, visemeWeightsToTargets } from '../evaluate';
import { LOWER_LIP, UPPER_LIP } from '../build/landmarks';
import type { Rig, VisemeId } from '../types';

/** Vertices below this index are the face mesh's landmarks (see rig-mesh). */
const FACE_MESH_VERTICES = 468;
/**
 * Triangles smaller than this at rest (twice the area, px^2: 4 px^2) are not judged: below it, what
 * turned over were single slivers at the face's outline (clm-obama4-crop, softui-brooke-mirrored at
 * 'PP'), nothing to see.
 */
const MIN_REST_AREA2 = 8;

/**
 * How far the most squeezed patch of skin is narrowed at `posed`: over the face layer's triangles of
 * the face mesh, off the lips and at least 4 px^2 big, the smaller singular value of the map from
 * rest (1 unchanged, 0.5 squeezed to half its width, below 0 turned over). A skin warp can pass every
 * coverage check and still squeeze a laugh line into a sharp crease (skimage-astronaut at 'U', 0.24)
 * or slide a cheek over a nostril.
 */
export function mostSqueezedSkin(rig: Rig, posed: ArrayLike<number>): number {
  const lips = new Set<number>([...UPPER_LIP, ...LOWER_LIP]);
  const triangles = rig.layers.find((l) => l.name === 'face')?.triangles ?? [];
  const v = rig.vertices;
  let least = Infinity;
  for (let t = 0; t < triangles.length; t += 3) {
    const [a, b, c] = [triangles[t]!, triangles[t + 1]!, triangles[t + 2]!];
    if ([a, b, c].some((i) => i >= FACE_MESH_VERTICES || lips.has(i))) continue;
    const e = [v[b * 2]! - v[a * 2]!, v[b * 2 + 1]! - v[a * 2 + 1]!, v[c * 2]! - v[a * 2]!, v[c * 2 + 1]! - v[a * 2 + 1]!];
    const f = [posed[b * 2]! - posed[a * 2]!, posed[b * 2 + 1]! - posed[a * 2 + 1]!, posed[c * 2]! - posed[a * 2]!, posed[c * 2 + 1]! - posed[a * 2 + 1]!];
    const det = e[0]! * e[3]! - e[1]! * e[2]!;
    if (Math.abs(det) < MIN_REST_AREA2) continue;
    // The map A = F E^-1, E and F with the edges as columns; its singular values from its trace and determinant.
    const a00 = (f[0]! * e[3]! - f[2]! * e[1]!) / det, a01 = (f[2]! * e[0]! - f[0]! * e[2]!) / det;
    const a10 = (f[1]! * e[3]! - f[3]! * e[1]!) / det, a11 = (f[3]! * e[0]! - f[1]! * e[2]!) / det;
    const sum = a00 ** 2 + a01 ** 2 + a10 ** 2 + a11 ** 2, d = a00 * a11 - a01 * a10;
    least = Math.min(least, Math.sign(d) * Math.sqrt(Math.max(0, sum / 2 - Math.sqrt(Math.max(0, sum ** 2 / 4 - d ** 2)))));
  }
  return least;
}

/** The most squeezed skin over every viseme at full strength, and where. */
export function skinSqueeze(rig: Rig): { least: number; viseme: VisemeId | null } {
  let worst: { least: number; viseme: VisemeId | null } = { least: Infinity, viseme: null };
  for (const viseme of Object.keys(rig.visemes) as VisemeId[]) {
    const least = mostSqueezedSkin(rig, evaluateRig(rig, visemeWeightsToTargets(rig, { [viseme]: 1 })));
    if (least < worst.least) worst = { least, viseme };
  }
  return worst;
}
