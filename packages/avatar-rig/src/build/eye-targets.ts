import type { RigTarget } from '../types';
import type { EyeLandmarks } from './landmarks';
import { AMPLITUDE, solve, type Ctx } from './target-context';

/**
 * A blink: the upper lid contour moves most of the way onto the lower lid (straight towards it,
 * which is along the face's own down axis for any head pose), the lower lid, corners and brow
 * stay, and the lid skin between is filled harmonically.
 */
export function blink(ctx: Ctx, name: 'blinkLeft' | 'blinkRight', eye: EyeLandmarks): RigTarget {
  const v = ctx.mesh.vertices;
  const p = new Map<number, [number, number]>();
  eye.upperLid.forEach((up, k) => {
    const lo = eye.lowerLid[k]!;
    p.set(up, [(v[lo * 2]! - v[up * 2]!) * AMPLITUDE.blinkClose, (v[lo * 2 + 1]! - v[up * 2 + 1]!) * AMPLITUDE.blinkClose]);
  });
  for (const i of [...eye.lowerLid, ...eye.corners, ...eye.still]) p.set(i, [0, 0]);
  const c = [(v[eye.corners[0] * 2]! + v[eye.corners[1] * 2]!) / 2, (v[eye.corners[0] * 2 + 1]! + v[eye.corners[1] * 2 + 1]!) / 2];
  const width = Math.hypot(v[eye.corners[0] * 2]! - v[eye.corners[1] * 2]!, v[eye.corners[0] * 2 + 1]! - v[eye.corners[1] * 2 + 1]!);
  return solve(ctx, name, p, (i) => ctx.mesh.kind[i] === 'face' && Math.hypot(v[i * 2]! - c[0]!, v[i * 2 + 1]! - c[1]!) < 1.6 * width);
}
