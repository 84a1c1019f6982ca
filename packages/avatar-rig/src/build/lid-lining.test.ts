import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateRig, visemeWeightsToTargets } from '../evaluate';
import { buildRig, decodeTextures, renderRigRgba, type DecodedTextures } from '../node';
import { meanAbsDiff, readFixture } from '../test-support';
import { LID_LINING_LAYER, type Rig, type RigWeights } from '../types';
import { EYE_IMAGE_LEFT } from './landmarks';

const withoutLining = (rig: Rig): Rig => ({ ...rig, layers: rig.layers.filter((l) => l.name !== LID_LINING_LAYER) });
const luma = (data: Uint8Array, o: number) => 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!;

describe('soft edges of the closing lids (lid lining)', () => {
  let rig: Rig, textures: DecodedTextures;
  beforeAll(async () => {
    const built = await buildRig(await sharp(readFixture('grace_hopper.jpg')).blur(3).jpeg({ quality: 95 }).toBuffer());
    rig = built.rig;
    textures = await decodeTextures(built.textures);
  });

  it('has a layer and texture of its own and draws nothing at rest, at any viseme or head pose', () => {
    expect(rig.layers.map((l) => l.name)).toContain(LID_LINING_LAYER);
    expect(textures.has('lid-lining.png')).toBe(true);
    const poses: RigWeights[] = [{}, visemeWeightsToTargets(rig, { aa: 1 }), visemeWeightsToTargets(rig, { PP: 1 }), { headYaw: 1, headPitch: -1, headRoll: 1 }, { breath: 1 }];
    for (const weights of poses) expect(meanAbsDiff(renderRigRgba(rig, textures, weights), renderRigRgba(withoutLining(rig), textures, weights), rig.face.box)).toBe(0);
  });

  it('softens the edge a closed lid draws on a blurred photo', () => {
    // Down the image-left eye's middle column at a full blink: the bare rig's steepest luma step
    // near the lids is the seam where the lid's photo ends; the lining takes most of that step away.
    const weights: RigWeights = { blinkLeft: 1, blinkRight: 1 };
    const posed = evaluateRig(rig, weights);
    const middle = EYE_IMAGE_LEFT.upperLid[3]!;
    const x = Math.round(posed[middle * 2]!), y = Math.round(posed[middle * 2 + 1]!);
    const steps = (data: Uint8Array) => Array.from({ length: 12 }, (_, k) => Math.abs(luma(data, ((y - 6 + k + 1) * rig.width + x) * 4) - luma(data, ((y - 6 + k) * rig.width + x) * 4)));
    const bare = steps(renderRigRgba(withoutLining(rig), textures, weights).data), lined = steps(renderRigRgba(rig, textures, weights).data);
    const seam = bare.indexOf(Math.max(...bare));
    expect(lined[seam]!).toBeLessThan(0.6 * bare[seam]!);
  });
});
