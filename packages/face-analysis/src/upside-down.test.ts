import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listCorpusPhotos } from './corpus';
import { isUpsideDown } from './index';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../fixtures/faces', name));

describe('isUpsideDown', () => {
  // The astronaut turned half a turn is the silent failure this guards against: Human fits an
  // upright face onto it, in range, and her avatar opened its mouth in her hair.
  it.each(['astronaut.png', 'grace_hopper.jpg'])('tells %s stored upside down from the photo as taken', async (name) => {
    const photo = fixture(name);
    const turned = await sharp(photo).rotate(180).png().toBuffer();
    expect(await isUpsideDown(photo)).toBe(false);
    expect(await isUpsideDown(turned)).toBe(true);
  });

  it('takes a photo whose face shows only when turned half a turn for upside down', async () => {
    // md-drake stored upside down: Human's detector finds no face in it as it is, and finds his
    // face at 0.90 turned. That photo was refused as "no face"; it now becomes his avatar.
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'md-drake')!.file);
    const turned = await sharp(photo).rotate(180).png().toBuffer();
    expect(await isUpsideDown(photo)).toBe(false);
    expect(await isUpsideDown(turned)).toBe(true);
  });
});
