import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { buildRig, FACE_TEXTURE, type BuiltRig } from '../build/build-rig';
import { mirrorRig } from '../build/mirror-rig';
import { shownRegion } from '../shown-region';
import { portraitPng } from './portrait';
import { decodeTextures, renderRigRgba } from './render-rig';

const corpus = listCorpusPhotos({ derived: true });

async function rigOf(id: string): Promise<BuiltRig> {
  const photo = corpus.find((p) => p.id === id);
  if (!photo) throw new Error(`no corpus photo ${id}`);
  return buildRig(readFileSync(photo.file));
}

/** The largest difference of any colour channel between a PNG and the CPU renderer's rest frame of the rig, cut to the rig's view. */
async function differenceFromRestFrame({ rig, textures }: BuiltRig, png: Buffer): Promise<number> {
  const drawn = renderRigRgba(rig, await decodeTextures(textures));
  const view = shownRegion(rig);
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([view.width, view.height]);
  let most = 0;
  for (let y = 0; y < view.height; y++) {
    for (let x = 0; x < view.width * 4; x++) most = Math.max(most, Math.abs(data[y * view.width * 4 + x]! - drawn.data[(view.y + y) * rig.width * 4 + view.x * 4 + x]!));
  }
  return most;
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10(255 ** 2 / (sum / a.length));
}

describe('the portrait', () => {
  // A plain portrait, a laugh (its own open mouth and teeth), a tight headshot (the portrait
  // extended past the photo's edge) and a rig mirrored back from its mirror image.
  it.each(['matplotlib-grace-hopper', 'softui-charles', 'mk-marc-cut-top-131', 'md-team-1 mirrored'])('of %s is its rest frame, pixel for pixel, without drawing it again', { timeout: 60_000 }, async (name) => {
    const [id, mirrored] = name.split(' ');
    const built = mirrored ? await mirrorRig(await rigOf(id!)) : await rigOf(id!);
    const portrait = await portraitPng(built.rig, built.textures);
    if (!built.rig.view) expect(portrait).toBe(built.textures[FACE_TEXTURE]);
    expect(await differenceFromRestFrame(built, portrait)).toBe(0);
  });

  it('of a tight headshot is the photo itself: the rig shows only the photo\'s part of its extended portrait', { timeout: 60_000 }, async () => {
    const photo = corpus.find((p) => p.id === 'clm-terminator-crop')!;
    const built = await buildRig(readFileSync(photo.file));
    const view = built.rig.view!;
    expect(view.width).toBe(view.height);
    // The photo (282 x 281 px) is what the view shows, less the few pixels of resampling ringing at its edge.
    const portrait = await portraitPng(built.rig, built.textures);
    const { width, height } = await sharp(photo.file).metadata();
    // Softened, as a pixel or two of misregistration (the view leaves out the ringing) is not at issue.
    const shown = await sharp(portrait).resize(width, height, { fit: 'fill' }).blur(2).removeAlpha().raw().toBuffer();
    const original = await sharp(photo.file).blur(2).removeAlpha().raw().toBuffer();
    // Measured 25.5 dB; the whole extended portrait, its face a third smaller in a band of fog, 10.5 dB.
    expect(psnr(shown, original)).toBeGreaterThan(20);
    expect(view.width / built.rig.width).toBeGreaterThan(0.65);
    expect(await differenceFromRestFrame(built, portrait)).toBe(0);
  });

  it('of a rig whose face layer does not lay its texture unchanged is drawn', { timeout: 60_000 }, async () => {
    const built = await rigOf('matplotlib-grace-hopper');
    // The face drawn from the texture's middle, at double size: the portrait must show that.
    const rig = { ...built.rig, layers: built.rig.layers.map((layer) => (layer.name === 'face' ? { ...layer, uvs: layer.uvs.map((uv) => 0.25 + uv / 2) } : layer)) };
    const portrait = await portraitPng(rig, built.textures);
    expect(portrait).not.toBe(built.textures[FACE_TEXTURE]);
    expect(await differenceFromRestFrame({ rig, textures: built.textures }, portrait)).toBe(0);
  });
});
