import type { RigTarget } from '../types';
import { AMPLITUDE, sparse, type Ctx } from './target-context';

/** Head turns as a small rigid motion plus depth parallax (nose moves more than cheeks), fading to still at the frame. */
export function head(ctx: Ctx, name: 'headYaw' | 'headPitch' | 'headRoll' | 'breath'): RigTarget {
  const { ex, ey, faceWidth: fw, faceHeight: fh } = ctx.mesh.frame;
  const v = ctx.mesh.vertices;
  const disp = new Float64Array(ctx.n * 2);
  const chin = [v[152 * 2]!, v[152 * 2 + 1]!];
  const pivot = [chin[0]! + ey[0] * 0.35 * fh, chin[1]! + ey[1] * 0.35 * fh];
  // Parallax of a turn: the middle of the face (nose) moves more than its rim. A smooth bump around
  // the nose tip rather than the mesh's own depth, whose steep sides would fold the nose's flanks.
  const nose = [v[1 * 2]!, v[1 * 2 + 1]!];
  for (let i = 0; i < ctx.n; i++) {
    const h = ctx.mesh.headFollow[i]!;
    if (h === 0) continue;
    const r = Math.hypot(v[i * 2]! - nose[0]!, v[i * 2 + 1]! - nose[1]!) / (0.8 * fw);
    const near = ctx.mesh.kind[i] === 'face' || ctx.mesh.kind[i] === 'interior' ? Math.max(0, 1 - r * r) ** 2 : 0;
    let d: [number, number];
    if (name === 'headYaw') { const a = fw * (AMPLITUDE.yawShift * h + AMPLITUDE.yawParallax * near); d = [a * ex[0], a * ex[1]]; }
    else if (name === 'headPitch') { const a = fw * (AMPLITUDE.pitchShift * h + AMPLITUDE.pitchParallax * near); d = [a * ey[0], a * ey[1]]; }
    else if (name === 'headRoll') { const a = AMPLITUDE.rollRadians * h; d = [-a * (v[i * 2 + 1]! - pivot[1]!), a * (v[i * 2]! - pivot[0]!)]; }
    else { const a = -AMPLITUDE.breathLift * fw * h; d = [a * ey[0], a * ey[1]]; }
    disp[i * 2] = d[0];
    disp[i * 2 + 1] = d[1];
  }
  return sparse(name, disp, name === 'breath' ? [0, 1] : [-1, 1]);
}

