import type { RigTarget } from '../types';
import { meanValueWeights } from '../geometry/harmonic-fill';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, MOUTH_CORNER_INNER, UPPER_INNER } from './landmarks';
import type { RigMesh } from './rig-mesh';
import { fitParabola, type Ctx } from './target-context';
import { jawOpen, lipTarget, tongueUp } from './mouth-targets';
import { blink } from './eye-targets';
import { head } from './head-targets';

export { AMPLITUDE } from './target-context';

/** All twelve targets of rig v1 for a mesh. */
export function buildTargets(mesh: RigMesh): RigTarget[] {
  const n = mesh.kind.length;
  const weights = meanValueWeights(n, mesh.faceTriangles, mesh.vertices);
  const { origin, ex, ey } = mesh.frame;
  const local = (i: number): [number, number] => {
    const x = mesh.vertices[i * 2]! - origin[0], y = mesh.vertices[i * 2 + 1]! - origin[1];
    return [x * ex[0] + y * ex[1], x * ey[0] + y * ey[1]];
  };
  // The lip seam as a least-squares parabola v = a + b u + c u^2 (Legendre's method): smooth, so
  // that scaling lip thickness about it does not shear thin lip triangles at the corners.
  const seamPts = [MOUTH_CORNER_INNER[0], ...UPPER_INNER, MOUTH_CORNER_INNER[1]].map(local);
  const [a0, b0, c0] = fitParabola(seamPts);
  const seam = (u: number) => a0 + b0 * u + c0 * u * u;
  const ctx: Ctx = { mesh, weights, local, seam, n };
  return [
    jawOpen(ctx), lipTarget(ctx, 'lipsRound'), lipTarget(ctx, 'lipsSpread'), lipTarget(ctx, 'lipsPress'), lipTarget(ctx, 'lowerLipTuck'),
    tongueUp(ctx), blink(ctx, 'blinkLeft', EYE_IMAGE_RIGHT), blink(ctx, 'blinkRight', EYE_IMAGE_LEFT),
    head(ctx, 'headYaw'), head(ctx, 'headPitch'), head(ctx, 'headRoll'), head(ctx, 'breath'),
  ];
}

