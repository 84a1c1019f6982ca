import { evaluateRig, visemeWeightsToTargets } from '../evaluate';
import type { Rig, VisemeId } from '../types';

/**
 * The mouth gap as the reader measures it, off any face mesh: inner lips (landmarks 13 and 14) over
 * mouth width (61-291). Rig vertices 0-467 are Human's landmarks, so it reads the rig's geometry too.
 */
export function innerLipGap(point: (i: number) => readonly [number, number]): number {
  const dist = (a: number, b: number) => Math.hypot(point(a)[0] - point(b)[0], point(a)[1] - point(b)[1]);
  return dist(13, 14) / dist(61, 291);
}

/**
 * The gap the rig itself draws at a viseme: innerLipGap taken off the rig's own geometry instead of
 * Human's reading of the frame. Beside mouthGap it tells a mouth that did not open (both small)
 * from one the reader does not see open (this large, the reading small).
 */
export function rigMouthGap(rig: Rig, viseme: VisemeId): number {
  const p = evaluateRig(rig, visemeWeightsToTargets(rig, { [viseme]: 1 }));
  return innerLipGap((i) => [p[i * 2]!, p[i * 2 + 1]!]);
}
