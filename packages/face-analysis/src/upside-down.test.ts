import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listCorpusPhotos } from './corpus';
import { analyseFace, readOrientation } from './index';

const isUpsideDown = async (image: Buffer) => (await readOrientation(image)).upsideDown;

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../fixtures/faces', name));

describe('readOrientation', () => {
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

  it('keeps a dim, colour-cast photo upright where the face stands over room for a body', async () => {
    // softui-kal-visuals dimmed, more saturated, its hue turned 18 degrees: Human's gender model
    // read her upright face 0.00 sure and turned 0.35, and her avatar was built on the photo
    // upside down, its mouth opening on her forehead.
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'softui-kal-visuals')!.file);
    const cast = await sharp(photo).resize(616).gamma(1.95).modulate({ brightness: 0.76, saturation: 1.6, hue: -18 }).jpeg({ quality: 68 }).toBuffer();
    const face = await analyseFace(cast);
    if (!face.ok) throw new Error(face.message);
    expect((await readOrientation(cast, face.box)).upsideDown).toBe(false);
  });

  it('reads a long photo whole, a banner or a strip, padded as the analysis pads it', async () => {
    // Grace Hopper's face in a 4:1 banner and a 1:4 strip, the photo's edge colours carried on:
    // read whole (as a photo that shows no face as stored is), squashed to the detector's square,
    // neither showed a face either way up, and turned half a turn both were taken as upright.
    const bands = [
      { cut: { left: 0, top: 90, width: 512, height: 300 }, room: { top: 0, bottom: 0, left: 344, right: 344 } },
      { cut: { left: 56, top: 0, width: 400, height: 600 }, room: { top: 500, bottom: 500, left: 0, right: 0 } },
    ];
    for (const { cut, room } of bands) {
      const band = await sharp(fixture('grace_hopper.jpg')).extract(cut).png().toBuffer();
      const long = await sharp(band).extend({ ...room, extendWith: 'copy' }).png().toBuffer();
      expect(await isUpsideDown(long)).toBe(false);
      expect(await isUpsideDown(await sharp(long).rotate(180).png().toBuffer())).toBe(true);
    }
  });

  it('looks again, framed closer, at a face found only turned half a turn, and keeps the photo upright where the face shows upright there', async () => {
    // tabler-male-29 enlarged (a hat, dark glasses, people behind him): Human's detector finds no
    // face in the whole frame as it is, and one at 0.60 turned half a turn; his avatar was built on
    // the photo upside down, its mouth opening on his forehead. Framed closer, his face shows upright.
    const photo = readFileSync(listCorpusPhotos({ derived: true }).find((p) => p.id === 'tabler-male-29-4x')!.file);
    const orientation = await readOrientation(photo);
    expect(orientation.upsideDown).toBe(false);
    expect(orientation.uprightFaceIn).not.toBeNull();
    // There the analysis finds his face and measures it, as in any other photo.
    const inSquare = await analyseFace(photo, { checkRange: false, detectIn: orientation.uprightFaceIn! });
    expect(inSquare.ok).toBe(true);
    if (!inSquare.ok) return;
    const { left, top, side } = orientation.uprightFaceIn!;
    expect(inSquare.box.x).toBeGreaterThanOrEqual(left);
    expect(inSquare.box.y + inSquare.box.height).toBeLessThanOrEqual(top + side);
    expect(Math.abs(inSquare.measurements.rollDeg)).toBeLessThan(20);
  });
});

