import { beforeAll, describe, expect, it } from 'vitest';
import type { RigWeights } from '../types';
import { buildRig, decodeTextures, mirrorRig, renderRigFrame, type BuiltRig, type DecodedTextures } from '../node';
import type { RgbaImage } from '../render/rasterise';
import { psnr, readFixture } from '../test-support';

/** The image mirrored left-right. */
function flop(image: RgbaImage): RgbaImage {
  const data = new Uint8Array(image.data.length);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const from = (y * image.width + x) * 4, to = (y * image.width + image.width - 1 - x) * 4;
      for (let k = 0; k < 4; k++) data[to + k] = image.data[from + k]!;
    }
  }
  return { ...image, data };
}

describe('a rig mirrored left-right', () => {
  let built: BuiltRig, mirrored: BuiltRig;
  let textures: DecodedTextures, mirroredTextures: DecodedTextures;
  beforeAll(async () => {
    built = await buildRig(readFixture('grace_hopper.jpg'));
    mirrored = await mirrorRig(built);
    [textures, mirroredTextures] = [await decodeTextures(built.textures), await decodeTextures(mirrored.textures)];
  });

  // Each pose of the mirrored rig against the original's pose it mirrors: the subject's eyes swap
  // sides, and a head turn or tilt the mirror reverses is asked for with the opposite weight.
  it.each<[string, RigWeights, RigWeights]>([
    ['rest', {}, {}],
    ['mouth open', { jawOpen: 1, lipsRound: 0.5 }, { jawOpen: 1, lipsRound: 0.5 }],
    ['left eye closed', { blinkLeft: 1 }, { blinkRight: 1 }],
    ['head turned and tilted', { headYaw: 0.8, headRoll: -0.6, headPitch: 0.5 }, { headYaw: -0.8, headRoll: 0.6, headPitch: 0.5 }],
  ])('draws %s as the mirror image of the rig it came from', (_, weights, original) => {
    const all = { x: 0, y: 0, width: built.rig.width, height: built.rig.height };
    // Drawn without antialiasing: the renderer's four coverage samples per pixel lie in a rotated
    // grid, which the mirror does not map onto itself, so antialiased edges differ a little
    // (Grace Hopper's open mouth: 60 dB, 81 pixels along the lips).
    const draw = (rig: typeof built.rig, decoded: DecodedTextures, pose: RigWeights) => renderRigFrame(rig, decoded, pose, { antialias: false }).image;
    const drawn = draw(mirrored.rig, mirroredTextures, weights);
    const same = psnr(drawn, flop(draw(built.rig, textures, original)), all);
    // Exactly so, up to rounding.
    expect(same).toBeGreaterThan(60);
    // Not so with the weights as given, where the mirror swaps or reverses them: another pose.
    if (JSON.stringify(weights) !== JSON.stringify(original)) expect(psnr(drawn, flop(draw(built.rig, textures, weights)), all)).toBeLessThan(40);
  });

  it('keeps each target valid over the weights it is asked for, and names the eyes by the subject', () => {
    const range = (rig: typeof built.rig, name: string) => rig.targets.find((t) => t.name === name)!;
    expect([range(mirrored.rig, 'headYaw').min, range(mirrored.rig, 'headYaw').max]).toEqual([-range(built.rig, 'headYaw').max, -range(built.rig, 'headYaw').min]);
    // The subject's left eye is on the image's right, in the mirrored rig as in any.
    expect(mirrored.rig.face.leftEye.x).toBeGreaterThan(mirrored.rig.face.rightEye.x);
    expect(mirrored.rig.face.leftEye.x + mirrored.rig.face.leftEye.width).toBeCloseTo(built.rig.width - built.rig.face.rightEye.x, 6);
  });
});
