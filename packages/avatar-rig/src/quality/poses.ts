import { visemeWeightsToTargets } from '../evaluate';
import { VISEMES, type Rig, type RigWeights } from '../types';

export interface SampledPose { label: string; weights: RigWeights }

/** Head targets at their extremes, alone and with the jaw open (the turn moves the mouth most then). */
function headExtremes(rig: Rig): SampledPose[] {
  const out: SampledPose[] = [];
  for (const name of ['headYaw', 'headPitch', 'headRoll'] as const) {
    const target = rig.targets.find((t) => t.name === name);
    if (!target) continue;
    for (const w of [target.min, target.max]) {
      out.push({ label: `${name} ${w}`, weights: { [name]: w } });
      out.push({ label: `${name} ${w} + aa`, weights: { ...visemeWeightsToTargets(rig, { aa: 1 }), [name]: w } });
    }
  }
  return out;
}

/**
 * The poses the quality checks sample: rest, every viseme at full strength (silence too: a laugh's
 * lips come up to a relaxed parting at it, see visemeTable), blinks, head-pose extremes.
 */
export function sampledPoses(rig: Rig): SampledPose[] {
  return [
    { label: 'rest', weights: {} },
    ...VISEMES.filter((v) => v !== 'sil' || Object.keys(rig.visemes.sil).length > 0).map((v) => ({ label: v, weights: visemeWeightsToTargets(rig, { [v]: 1 }) })),
    { label: 'blink', weights: { blinkLeft: 1, blinkRight: 1 } },
    ...headExtremes(rig),
  ];
}
