import type { RigTarget } from '../types';
import { AMPLITUDE, sparse, type Ctx } from './target-context';

/**
 * Head motion as a real small rotation of the face's 3D points about the neck (linearised: the
 * displacement of a point q is angle x (q - pivot)), projected to the image. The nose moves more
 * than the cheeks because it is nearer; the rings fade the motion out towards the frame.
 */
export function head(ctx: Ctx, name: 'headYaw' | 'headPitch' | 'headRoll' | 'breath'): RigTarget {
  const { faceWidth: fw, faceHeight: fh } = ctx.mesh.frame;
  const chin = ctx.mesh.local[152]!;
  // The neck's pivot: below the chin and behind the face.
  const pivot = [0, chin[1] + 0.25 * fh, chin[2] + 0.5 * fw];
  const disp = new Float64Array(ctx.n * 2);
  for (let i = 0; i < ctx.n; i++) {
    const h = ctx.mesh.headFollow[i]!;
    if (h === 0) continue;
    const q = ctx.mesh.local[i]!;
    const x = q[0] - pivot[0]!, y = q[1] - pivot[1]!, z = q[2] - pivot[2]!;
    let d: [number, number, number];
    // Rotation vectors along the face's axes: yaw about its down axis, pitch about its across axis, roll about its depth axis.
    if (name === 'headYaw') { const a = AMPLITUDE.yawRadians; d = [a * z, 0, -a * x]; }
    else if (name === 'headPitch') { const a = AMPLITUDE.pitchRadians; d = [0, -a * z, a * y]; }
    else if (name === 'headRoll') { const a = AMPLITUDE.rollRadians; d = [-a * y, a * x, 0]; }
    else d = [0, -AMPLITUDE.breathLift * fw, 0];
    const img = ctx.image(d[0] * h, d[1] * h, d[2] * h);
    disp[i * 2] = img[0];
    disp[i * 2 + 1] = img[1];
  }
  return sparse(name, disp, name === 'breath' ? [0, 1] : [-1, 1]);
}
