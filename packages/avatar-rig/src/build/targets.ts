import type { RigTarget } from '../types';
import { meanValueWeights } from '../geometry/harmonic-fill';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT } from './landmarks';
import type { RigMesh } from './rig-mesh';
import { makeCtx } from './target-context';
import { jawOpen, lipTarget, tongueUp } from './mouth-targets';
import { blink } from './eye-targets';
import { head } from './head-targets';

export { jawDrop } from './target-context';

/** All twelve targets for a mesh, in the face's own frame. */
export function buildTargets(mesh: RigMesh): RigTarget[] {
  const ctx = makeCtx(mesh, meanValueWeights(mesh.kind.length, mesh.faceTriangles, mesh.vertices));
  return [
    jawOpen(ctx), lipTarget(ctx, 'lipsRound'), lipTarget(ctx, 'lipsSpread'), lipTarget(ctx, 'lipsPress'), lipTarget(ctx, 'lowerLipTuck'),
    tongueUp(ctx), blink(ctx, 'blinkLeft', EYE_IMAGE_RIGHT), blink(ctx, 'blinkRight', EYE_IMAGE_LEFT),
    head(ctx, 'headYaw'), head(ctx, 'headPitch'), head(ctx, 'headRoll'), head(ctx, 'breath'),
  ];
}
