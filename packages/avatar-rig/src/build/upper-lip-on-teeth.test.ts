import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseFace } from '@avatar-factory/face-analysis';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { buildRig, decodeTextures } from '../node';
import { QUALITY_GOALS } from '../quality/goals';
import { mouthGap } from '../quality/mouth-gap';
import { cropOfCorpusPhoto } from '../test-support';
import { LOWER_RINGS, UPPER_RINGS } from './lip-refine';
import { median, sampleAt } from './photo-sample';
import { portraitCrop } from './portrait-crop';
import { upperLipOffTheTeeth } from './upper-lip-on-teeth';

/** softui-ivana's laugh shrunk to a face 157 px high and blurred, as a messenger passes on a soft photo. */
async function smallSoftLaugh() {
  const file = listCorpusPhotos().find((p) => p.id === 'softui-ivana')!.file;
  const { data, info } = await sharp(file).resize({ width: 470, kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true });
  const image = await sharp(data, { raw: info }).blur(1.5).jpeg({ quality: 80 }).toBuffer();
  const face = await analyseFace(image);
  if (!face.ok) throw new Error(face.message);
  return { image, face, crop: await portraitCrop(image, face) };
}

/** Median red share of a lip ring's samples (the ring just inside the outer contour). */
function ringRed(mesh: ReadonlyArray<readonly number[]>, ring: readonly number[], crop: { rgba: Uint8Array | Buffer; size: number }): number {
  return median(ring.slice(1, 8).map((i) => sampleAt(crop.rgba, crop.size, mesh[i]![0]!, mesh[i]![1]!).red));
}

describe("Human's upper lip laid on a laugh's upper teeth", () => {
  it('moves up onto the red lip above them', async () => {
    const { crop } = await smallSoftLaugh();
    const lowerRed = ringRed(crop.mesh, LOWER_RINGS[0]!, crop);
    // Human's upper ring lies on the teeth: far less red than the lower lip.
    expect(ringRed(crop.mesh, UPPER_RINGS[0]!, crop)).toBeLessThan(0.35 * lowerRed);
    expect(ringRed(upperLipOffTheTeeth(crop.mesh, crop.rgba, crop.size), UPPER_RINGS[0]!, crop)).toBeGreaterThan(0.6 * lowerRed);
  });

  it('closes for m, b and p over the teeth: Human reads the lips shut', async () => {
    const { image, face } = await smallSoftLaugh();
    const built = await buildRig(image, face);
    expect(await mouthGap(built.rig, await decodeTextures(built.textures), 'PP')).toBeLessThanOrEqual(QUALITY_GOALS.maxMouthGapPp);
  });

  it('stays where Human put it on a flash-lit upper lip, the corpus photo whose upper lip is palest against its lower one', async () => {
    const { crop } = await cropOfCorpusPhoto('md-team-1-bright');
    expect(upperLipOffTheTeeth(crop.mesh, crop.rgba, crop.size)).toEqual(crop.mesh.map((p) => [p[0], p[1], p[2] ?? 0]));
  });
});
