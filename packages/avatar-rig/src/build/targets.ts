import type { RigTarget } from '../types';
import { meanValueWeights } from '../geometry/harmonic-fill';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT } from './landmarks';
import type { RigMesh } from './rig-mesh';
import { makeCtx } from './target-context';
import { jawOpen, lipTarget, tongueUp } from './mouth-targets';
import { blink } from './eye-targets';
import { head } from './head-targets';
import { outlineHold } from './outline-hold';

export { jawDrop } from './target-context';

/** All twelve targets for a mesh of a `size` px portrait, in the face's own frame. */
export function buildTargets(mesh: RigMesh, size: number): RigTarget[] {
  const ctx = makeCtx(mesh, meanValueWeights(mesh.kind.length, mesh.faceTriangles, mesh.vertices));
  // Rounding and spreading move the cheeks sideways; a turned face's far cheek reaches its outline.
  const holdOutline = outlineHold(mesh, size);
  return [
    jawOpen(ctx), holdOutline(lipTarget(ctx, 'lipsRound')), holdOutline(lipTarget(ctx, 'lipsSpread')), lipTarget(ctx, 'lipsPress'), lipTarget(ctx, 'lowerLipTuck'),
    tongueUp(ctx),
    blink(ctx, 'blinkLeft', EYE_IMAGE_RIGHT), blink(ctx, 'blinkRight', EYE_IMAGE_LEFT),
    head(ctx, 'headYaw'), head(ctx, 'headPitch'), head(ctx, 'headRoll'), head(ctx, 'breath'),
  ];
}
