import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
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
});
