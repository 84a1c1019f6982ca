import { beforeAll, describe, expect, it } from 'vitest';
import { buildRig, decodeTextures, type BuiltRig, type DecodedTextures } from '../node';
import { readFixture } from '../test-support';
import sharp from 'sharp';
import { visemeWeightsToTargets } from '../evaluate';
import { faceCloseup, geometryQuality, mouthGap, openAtBlink, rigMouthGap } from './index';

describe('rig quality checks', () => {
  let built: BuiltRig;
  let textures: DecodedTextures;
  beforeAll(async () => {
    built = await buildRig(readFixture('astronaut.png'));
    textures = await decodeTextures(built.textures);
  });

  it('pass on a good rig: the rest frame is the photo, no mouth pixels outside the lips, no holes', () => {
    const q = geometryQuality(built.rig, textures);
    expect(q.restPsnrDb).toBeGreaterThanOrEqual(35);
    expect(q.interiorOutsideLipsPx).toBe(0);
    expect(q.holesPx).toBe(0);
  });

  it('count mouth pixels drawn outside the lips when the cavity is drawn over the face', () => {
    const { rig } = built;
    const cavity = rig.layers.find((l) => l.name === 'mouth-interior')!;
    const reordered = { ...rig, layers: [...rig.layers.filter((l) => l !== cavity), cavity] };
    expect(geometryQuality(reordered, textures).interiorOutsideLipsPx).toBeGreaterThan(100);
  });

  it('count holes when face triangles are missing, and a rest frame unlike the photo', () => {
    const { rig } = built;
    const face = rig.layers.find((l) => l.name === 'face')!;
    const holed = { ...rig, layers: rig.layers.map((l) => (l === face ? { ...l, triangles: l.triangles.slice(30) } : l)) };
    const q = geometryQuality(holed, textures);
    expect(q.holesPx).toBeGreaterThan(10);
    expect(q.restPsnrDb).toBeLessThan(35);
  });

  it('find both eyes shut at a full blink, and an eye whose blink target lost its movement open', () => {
    const { rig } = built;
    expect(openAtBlink(rig)).toBeLessThan(0.1);
    // The fold relief shrinking one eye's blink to nothing looks like this.
    const stillLeft = { ...rig, targets: rig.targets.map((t) => (t.name === 'blinkLeft' ? { ...t, indices: [], deltas: [] } : t)) };
    expect(openAtBlink(stillLeft)).toBeCloseTo(1, 5);
  });

  it('read the mouth open at aa and shut at PP on rendered frames', async () => {
    const aa = await mouthGap(built.rig, textures, 'aa');
    const pp = await mouthGap(built.rig, textures, 'PP');
    expect(aa).toBeGreaterThan(0.3);
    expect(pp).toBeLessThan(0.05);
  });

  it('measure the gap the rig itself draws: open at aa, shut at PP, and no opening from a rig whose targets move nothing', () => {
    const { rig } = built;
    expect(rigMouthGap(rig, 'aa')).toBeGreaterThan(0.3);
    expect(rigMouthGap(rig, 'PP')).toBeLessThan(0.02);
    const still = { ...rig, targets: rig.targets.map((t) => ({ ...t, indices: [], deltas: [] })) };
    expect(rigMouthGap(still, 'aa')).toBeCloseTo(rigMouthGap(still, 'sil'), 6);
  });

  it('show the mouth and both eyes close up, with the gap Human reads on that frame', async () => {
    const open = await faceCloseup(built.rig, textures, visemeWeightsToTargets(built.rig, { aa: 1 }));
    const shut = await faceCloseup(built.rig, textures, visemeWeightsToTargets(built.rig, { PP: 1 }));
    expect(open.mouthGap).toBeGreaterThan(0.25);
    expect(shut.mouthGap).toBeLessThan(0.08);
    // Three tiles side by side, each zoomed 4x: wider than the mouth and both eyes are in the portrait.
    const { width, height } = await sharp(open.png).metadata();
    const { mouth, leftEye, rightEye } = built.rig.face;
    expect(width).toBeGreaterThan(4 * (mouth.width + leftEye.width + rightEye.width));
    expect(height).toBeGreaterThan(4 * leftEye.height);
  });
});
