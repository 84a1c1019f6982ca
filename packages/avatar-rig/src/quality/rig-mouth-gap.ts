import { evaluateRig, visemeWeightsToTargets } from '../evaluate';
import type { Rig, VisemeId } from '../types';

/**
 * The gap the rig itself draws at a viseme: the same landmarks the reader measures (inner lips 13
 * and 14 over mouth width 61-291, indices the rig shares with Human's mesh), taken off the rig's
 * own geometry instead of Human's reading of the frame. Beside mouthGap it tells a mouth that did
 * not open (both small) from one the reader does not see open (this large, the reading small).
 */
export function rigMouthGap(rig: Rig, viseme: VisemeId): number {
  const p = evaluateRig(rig, visemeWeightsToTargets(rig, { [viseme]: 1 }));
  const dist = (a: number, b: number) => Math.hypot(p[a * 2]! - p[b * 2]!, p[a * 2 + 1]! - p[b * 2 + 1]!);
  return dist(13, 14) / dist(61, 291);
}
