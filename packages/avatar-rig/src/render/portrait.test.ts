import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { buildRig, FACE_TEXTURE, type BuiltRig } from '../build/build-rig';
import { mirrorRig } from '../build/mirror-rig';
import { portraitPng } from './portrait';
import { decodeTextures, renderRigRgba } from './render-rig';

const corpus = listCorpusPhotos({ derived: true });

async function rigOf(id: string): Promise<BuiltRig> {
  const photo = corpus.find((p) => p.id === id);
  if (!photo) throw new Error(`no corpus photo ${id}`);
  return buildRig(readFileSync(photo.file));
}

/** The largest difference of any colour channel between a PNG and the CPU renderer's rest frame of the rig. */
async function differenceFromRestFrame({ rig, textures }: BuiltRig, png: Buffer): Promise<number> {
  const drawn = renderRigRgba(rig, await decodeTextures(textures));
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let most = 0;
  for (let i = 0; i < data.length; i++) most = Math.max(most, Math.abs(data[i]! - drawn.data[i]!));
  return most;
}

describe('the portrait', () => {
  // A plain portrait, a laugh (its own open mouth and teeth), a tight headshot (the portrait
  // extended past the photo's edge) and a rig mirrored back from its mirror image.
  it.each(['matplotlib-grace-hopper', 'softui-charles', 'mk-marc-cut-top-131', 'md-team-1 mirrored'])('of %s is its rest frame, pixel for pixel, without drawing it again', { timeout: 60_000 }, async (name) => {
    const [id, mirrored] = name.split(' ');
    const built = mirrored ? await mirrorRig(await rigOf(id!)) : await rigOf(id!);
    const portrait = await portraitPng(built.rig, built.textures);
    expect(portrait).toBe(built.textures[FACE_TEXTURE]);
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
