import { beforeAll, describe, expect, it } from 'vitest';
import { buildRig, foldGridCheck, proveNoFold } from '../node';
import { readFixture } from '../test-support';
import type { Rig } from '../types';

/**
 * No triangle may fold (its signed area keeps its sign) at any combination of target extremes.
 * Two independent checks: the full grid of {min, 0, max} over all twelve targets (every mouth
 * target with blinks, head turns and breath: 2^6 * 2^2 * 3^3 * 2 = 13,824 frames, since the 0..1
 * targets have min 0), and a proof over the whole continuous weight box (branch and bound).
 */
describe.each(['astronaut.png', 'grace_hopper.jpg'])('no folds on the rig of %s', (fixture) => {
  let rig: Rig;
  beforeAll(async () => { rig = (await buildRig(readFixture(fixture))).rig; });

  it('keeps every triangle positive at all 13,824 combinations of target extremes', () => {
    const result = foldGridCheck(rig);
    expect(result.combinations).toBe(13_824);
    expect(result.minArea2).toBeGreaterThan(0);
  });

  it('proves it for every weight vector inside the box, not only the corners', () => {
    const proof = proveNoFold(rig);
    expect(proof.folds).toEqual([]);
    expect(proof.undecided).toEqual([]);
    expect(proof.proven).toBe(proof.total);
  });

  it('does find a fold when a target is pushed past its range (the checks can fail)', () => {
    const jaw = rig.targets.find((t) => t.name === 'jawOpen')!;
    const overdriven = { ...rig, targets: rig.targets.map((t) => (t === jaw ? { ...t, min: -3, max: 6 } : t)) };
    expect(foldGridCheck(overdriven, { jawOpen: [-3, 6] }).minArea2).toBeLessThan(0);
    expect(proveNoFold(overdriven, 50).folds.length).toBeGreaterThan(0);
  });
});
