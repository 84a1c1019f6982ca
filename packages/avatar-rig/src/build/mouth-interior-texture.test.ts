import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { INTERIOR_TEXTURE_SIZE, luma, openingDark, openingPixels, openingTeeth, paintMouthInterior } from './mouth-interior-texture';
import { INTERIOR_HALF_WIDTH } from './rig-mesh';

type Rgb = [number, number, number];

/** Mean luma of the texture over a (u, v) box. */
async function meanLuma(png: Buffer, u0: number, u1: number, v0: number, v1: number): Promise<number> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = INTERIOR_TEXTURE_SIZE;
  expect([info.width, info.height]).toEqual([width, height]);
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(v0 * height); y < Math.ceil(v1 * height); y++) {
    for (let x = Math.floor(u0 * width); x < Math.ceil(u1 * width); x++) {
      const o = (y * width + x) * info.channels;
      sum += luma([data[o]!, data[o + 1]!, data[o + 2]!]);
      n++;
    }
  }
  return sum / n;
}

const lips: Rgb = [150, 80, 80];
const incisors = (png: Buffer) => meanLuma(png, 0.44, 0.56, 0.2, 0.28);

/** A laugh's interior painted over its own `dark`, with one colour under its split across the mouth, and without it. */
async function paintedWithAndWithoutSeam(colour: Rgb, dark: Rgb): Promise<{ withSeam: Buffer; without: Buffer }> {
  const options = { paintTeeth: false, dark };
  const seam = [{ u: -0.5, colour }, { u: 0.5, colour }];
  return { withSeam: await paintMouthInterior(lips, [200, 150, 130], { ...options, seam }), without: await paintMouthInterior(lips, [200, 150, 130], options) };
}

describe('mouth interior texture', () => {
  it('lights the teeth like the face: a dim photo gets dimmer teeth than a bright one', async () => {
    const dimSkin: Rgb = [120, 85, 70];
    const brightSkin: Rgb = [225, 190, 170];
    const dim = await incisors(await paintMouthInterior(lips, dimSkin));
    const bright = await incisors(await paintMouthInterior(lips, brightSkin));
    expect(bright - dim).toBeGreaterThan(40);
    // Teeth read a little lighter than the cheeks, never glowing white against them; a brightly lit
    // face's too (no lighter than its cheeks, the strip of them between the lips at 'FF' read as a
    // grey bar).
    for (const [teeth, skin] of [[dim, dimSkin], [bright, brightSkin]] as const) {
      expect(teeth / luma(skin)).toBeGreaterThan(1);
      expect(teeth / luma(skin)).toBeLessThan(1.4);
    }
    expect(bright).toBeLessThan(240);
  });

  it('paints teeth lighter than the lips, even where the cheeks are darker than the lips', async () => {
    // md-drake, black and white: bearded cheeks at luma 109, pale lips at 185. Teeth at 1.2x the
    // cheeks came out at 131, a dark band under light lips with light seams between the teeth.
    const paleLips: Rgb = [185, 185, 185];
    const teeth = await incisors(await paintMouthInterior(paleLips, [109, 109, 109]));
    expect(teeth).toBeGreaterThan(luma(paleLips));
  });

  it('keeps the cavity behind the teeth dark and the top of the teeth in the lip shadow', async () => {
    const png = await paintMouthInterior(lips, [200, 150, 130]);
    const teeth = await incisors(png);
    const cavity = await meanLuma(png, 0.44, 0.56, 0.36, 0.44);
    const underLip = await meanLuma(png, 0.44, 0.56, 0.1, 0.13);
    expect(cavity).toBeLessThan(teeth * 0.4);
    expect(underLip).toBeLessThan(teeth);
  });

  it('paints a black-and-white photo\'s interior in greys, and a colour photo\'s in its lips\' tint', async () => {
    const spread = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let most = 0;
      for (let o = 0; o < data.length; o += info.channels) most = Math.max(most, Math.max(data[o]!, data[o + 1]!, data[o + 2]!) - Math.min(data[o]!, data[o + 1]!, data[o + 2]!));
      return most;
    };
    expect(await spread(await paintMouthInterior([120, 120, 120], [180, 180, 180], { paintTeeth: true }))).toBeLessThanOrEqual(2);
    expect(await spread(await paintMouthInterior(lips, [200, 150, 130], { paintTeeth: true }))).toBeGreaterThan(20);
  });

  it('shows the lower teeth\'s tops just above where the lower lip comes at \'aa\', darker than the upper teeth', async () => {
    // Grid v 0.52-0.6 is what 'aa' shows above the lower lip. Without lower teeth there, Human's mesh
    // read the dark above a bearded lower lip as lip (opencv-230501201-1: gap 0.16, with them 0.34).
    const png = await paintMouthInterior(lips, [200, 150, 130], { paintTeeth: true });
    const lowerTeeth = await meanLuma(png, 0.45, 0.55, 0.55, 0.6);
    const aboveThem = await meanLuma(png, 0.45, 0.55, 0.45, 0.5);
    const sideOfThem = await meanLuma(png, 0.05, 0.12, 0.55, 0.6);
    const upperTeeth = await incisors(png);
    // Teeth, not the tongue that lay there (a lip-tinted 40% of the upper teeth's luma).
    expect(lowerTeeth).toBeGreaterThan(0.7 * upperTeeth);
    expect(lowerTeeth).toBeLessThan(upperTeeth);
    expect(lowerTeeth).toBeGreaterThan(2.5 * aboveThem);
    expect(lowerTeeth).toBeGreaterThan(2.5 * sideOfThem);
  });

  it('shows a tongue rising behind the lower teeth: lighter than the throat above it, darker than the lips', async () => {
    // What 'aa' opens onto between the teeth: a dark throat over a tongue, not one flat dark.
    const png = await paintMouthInterior(lips, [200, 150, 130], { paintTeeth: true });
    const throat = await meanLuma(png, 0.45, 0.55, 0.34, 0.4);
    const tongue = await meanLuma(png, 0.45, 0.55, 0.46, 0.51);
    expect(tongue).toBeGreaterThan(1.5 * throat);
    expect(tongue).toBeLessThan(0.8 * luma(lips));
  });

  it('paints the lower teeth in the colour of the photo\'s own teeth when it shows them', async () => {
    // clm-chuck-crop: skin-toned lower teeth stood as grey slabs under its white upper teeth.
    const white: Rgb = [235, 235, 228];
    const own = await meanLuma(await paintMouthInterior(lips, [150, 110, 90], { paintTeeth: false, ownTeeth: white }), 0.45, 0.55, 0.55, 0.6);
    const skinToned = await meanLuma(await paintMouthInterior(lips, [150, 110, 90], { paintTeeth: false }), 0.45, 0.55, 0.55, 0.6);
    expect(own).toBeGreaterThan(0.75 * luma(white));
    expect(own - skinToned).toBeGreaterThan(40);
  });

  it('leaves the teeth out when the photo shows its own', async () => {
    const painted = await incisors(await paintMouthInterior(lips, [200, 150, 130], { paintTeeth: true }));
    const without = await incisors(await paintMouthInterior(lips, [200, 150, 130], { paintTeeth: false }));
    expect(painted - without).toBeGreaterThan(50);
  });

  it('lifts the cavity\'s dark to a washed-out photo\'s black, and leaves it for a well-exposed photo\'s', async () => {
    // tabler-female-32's faded filter: the darkest 1% of her face at luma 77, bluish; a cavity at
    // luma 20 drew a black hole no other part of the photo is as dark as.
    const skin: Rgb = [230, 200, 190];
    const throat = (png: Buffer) => meanLuma(png, 0.44, 0.56, 0.36, 0.44);
    const teethOf = (png: Buffer) => meanLuma(png, 0.44, 0.56, 0.2, 0.28);
    const plain = await paintMouthInterior(lips, skin);
    const washedOut = await paintMouthInterior(lips, skin, { paintTeeth: true, black: [72, 74, 95] });
    const wellExposed = await paintMouthInterior(lips, skin, { paintTeeth: true, black: [22, 16, 14] });
    expect(await throat(washedOut) - await throat(plain)).toBeGreaterThan(25);
    expect(await throat(wellExposed)).toBeCloseTo(await throat(plain), 5);
    // Still a dark cavity under lit teeth, lifted as the photo's own tones are: the teeth barely.
    expect(await throat(washedOut)).toBeLessThan(0.6 * (await teethOf(washedOut)));
    expect(await teethOf(washedOut) - await teethOf(plain)).toBeLessThan(15);
  });

  it('is no lighter than the dark of a photo whose own mouth is open, instead of a lip-tinted throat', async () => {
    // softui-ivana laughs with a near-black mouth: the lip-tinted throat drew a red-brown patch in it.
    const own: Rgb = [22, 12, 10];
    const cavity = (png: Buffer) => meanLuma(png, 0.3, 0.7, 0.4, 0.5);
    const redLips: Rgb = [215, 70, 55];
    const matched = await cavity(await paintMouthInterior(redLips, [200, 150, 130], { paintTeeth: false, dark: own }));
    const tinted = await cavity(await paintMouthInterior(redLips, [200, 150, 130], { paintTeeth: false }));
    expect(matched).toBeLessThanOrEqual(luma(own) + 1);
    expect(tinted / matched).toBeGreaterThan(1.5);
  });

  it('takes a laugh\'s colours from just under its split at the top of the cavity, darker deeper in, and keeps its own beyond the corners', async () => {
    // A cavity of one colour opened as a flat band with an edge between a laugh's upper teeth and
    // the photo's own dark, which the jaw takes down (softui-ivana, clm-franck-04117).
    const brown: Rgb = [95, 55, 45];
    const { withSeam, without } = await paintedWithAndWithoutSeam(brown, [30, 18, 15]);
    const underSplit = await meanLuma(withSeam, 0.45, 0.55, 0.3, 0.34);
    expect(Math.abs(underSplit - luma(brown))).toBeLessThan(6);
    expect(await meanLuma(withSeam, 0.45, 0.55, 0.46, 0.5)).toBeLessThan(0.8 * underSplit);
    // Past the mouth's corners (0.7 mouth widths out) the cavity is its own.
    expect(await meanLuma(withSeam, 0.9, 0.93, 0.3, 0.4)).toBeCloseTo(await meanLuma(without, 0.9, 0.93, 0.3, 0.4), 5);
  });

  it('holds a laugh\'s colours out to its corners where the split\'s colours end short of them', async () => {
    // softui-ivana's colours under the split end 0.13 mouth widths right of the middle (beyond, the
    // split lies on teeth and lip), its corner at 0.44: the throat's side shadow opened there, near
    // black inside the photo's brown dark, a black hook along the cut under the side teeth.
    const brown: Rgb = [95, 55, 45];
    const seam = [{ u: -0.1, colour: brown }, { u: 0.1, colour: brown }];
    const png = await paintMouthInterior(lips, [200, 150, 130], { paintTeeth: false, dark: [30, 18, 15], seam });
    const at = (u: number) => 0.5 + u / (2 * INTERIOR_HALF_WIDTH);
    for (const u of [-0.45, 0.45]) expect(Math.abs((await meanLuma(png, at(u) - 0.01, at(u) + 0.01, 0.3, 0.34)) - luma(brown))).toBeLessThan(6);
  });

  it('darkens a hazy laugh\'s colours deeper in no further than anything in the photo', async () => {
    // A hazy photo (softui-ivana lifted to luma 110 and up): the seam darkened to 40% of its colour
    // drew a band across the cavity darker than anything in the photo.
    const hazyDark: Rgb = [112, 110, 104];
    const hazyBlack: Rgb = [108, 106, 100];
    const underTheSplit: Rgb = [138, 128, 120];
    const seam = [{ u: -0.5, colour: underTheSplit }, { u: 0.5, colour: underTheSplit }];
    const png = await paintMouthInterior(lips, [220, 200, 190], { paintTeeth: false, dark: hazyDark, seam, black: hazyBlack });
    for (let v = 0.3; v < 0.6; v += 0.03) expect(await meanLuma(png, 0.45, 0.55, v, v + 0.03), `v ${v.toFixed(2)}`).toBeGreaterThan(luma(hazyBlack) - 3);
  });

  it('gives way under a laugh\'s own dark to the painted tongue', async () => {
    // A laugh whose own dark is a thin strip under its teeth (clm-franck-04117) opened on a flat box
    // of that one brown: its colours held down to where the lower lip comes at 'aa' covered the tongue.
    const brown: Rgb = [54, 24, 9];
    const { withSeam, without } = await paintedWithAndWithoutSeam(brown, [50, 26, 14]);
    expect(Math.abs((await meanLuma(withSeam, 0.45, 0.55, 0.3, 0.34)) - luma(brown))).toBeLessThan(4);
    expect(await meanLuma(withSeam, 0.45, 0.55, 0.48, 0.51)).toBeCloseTo(await meanLuma(without, 0.45, 0.55, 0.48, 0.51), 0);
  });

  it('blurs the painted interior as asked: the teeth\'s biting edge becomes a ramp, their mean light stays', async () => {
    const skin: Rgb = [200, 160, 140];
    const sharpPng = await paintMouthInterior(lips, skin), blurredPng = await paintMouthInterior(lips, skin, { paintTeeth: true, blur: 4 });
    // The steepest step down a column through the incisors' edge (v 0.3), in luma per texel.
    const steepest = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const x = Math.round(0.48 * info.width);
      const at = (y: number) => luma([data[(y * info.width + x) * 4]!, data[(y * info.width + x) * 4 + 1]!, data[(y * info.width + x) * 4 + 2]!]);
      let most = 0;
      for (let y = Math.round(0.2 * info.height); y < Math.round(0.4 * info.height); y++) most = Math.max(most, Math.abs(at(y + 1) - at(y)));
      return most;
    };
    expect(await steepest(blurredPng)).toBeLessThan(0.5 * (await steepest(sharpPng)));
    expect(Math.abs((await incisors(blurredPng)) - (await incisors(sharpPng)))).toBeLessThan(25);
  });

  it('reads the dark inside an open mouth, and nothing inside closed lips', () => {
    // A 40 x 40 image: lips at luma ~100, an opening whose lower half is dark (20) and upper half teeth (200).
    const size = 40;
    const rgba = Buffer.alloc(size * size * 4);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const o = (y * size + x) * 4;
        const inOpening = x >= 10 && x < 30 && y >= 14 && y < 26;
        const value = !inOpening ? [150, 80, 80] : y < 20 ? [200, 200, 195] : [20, 10, 10];
        rgba.set([...value, 255], o);
      }
    }
    const lip: Rgb = [150, 80, 80];
    const open = openingPixels(rgba, size, [[10, 14], [30, 14], [30, 26], [10, 26]]);
    expect(openingDark(open, lip)).toEqual([20, 10, 10]);
    expect(openingTeeth(open)).toEqual([200, 200, 195]);
    const shut = openingPixels(rgba, size, [[10, 19.6], [30, 19.6], [30, 20.4], [10, 20.4]]);
    expect(shut).toEqual([]);
    expect(openingDark(shut, lip)).toBeNull();
    expect(openingTeeth(shut)).toBeNull();
    const lipsOnly = openingPixels(rgba, size, [[0, 0], [10, 0], [10, 10], [0, 10]]);
    expect(openingDark(lipsOnly, lip)).toBeNull();
    // The shade of a lip's rim under a smile's teeth (half the lips' luma, red-brown) is no cavity:
    // taken for one, its colours painted the cavity lip-brown (tabler-male-14 at 4x).
    const rimShade: Rgb[] = Array.from({ length: 60 }, (_, i) => (i < 30 ? [80, 40, 30] : [200, 200, 195]));
    expect(openingDark(rimShade, lip)).toBeNull();
  });

  it('finds a faded photo\'s own dark, lifted with its black, and still no dark in one that shows none', () => {
    // softui-ivana-faded: the laugh's dark at luma 86 under lips at 138, the photo's black at 85.
    // Counted as none, the cavity under her upper teeth was painted in the lips' red over her grey dark.
    const lip: Rgb = [198, 115, 102], black: Rgb = [91, 82, 81];
    const laugh: Rgb[] = Array.from({ length: 60 }, (_, i) => (i < 30 ? [94, 85, 83] : [215, 205, 190]));
    expect(openingDark(laugh, lip)).toBeNull();
    expect(openingDark(laugh, lip, black)).toEqual([94, 85, 83]);
    // Lips pressed together in the same faded photo: no dark of their own.
    expect(openingDark(Array.from({ length: 60 }, (): Rgb => [170, 105, 95]), lip, black)).toBeNull();
    // A well-exposed photo's black changes nothing (tabler-male-14 at 4x's rim shade stays no cavity).
    const rimShade: Rgb[] = Array.from({ length: 60 }, (_, i) => (i < 30 ? [80, 40, 30] : [200, 200, 195]));
    expect(openingDark(rimShade, [150, 80, 80], [25, 20, 20])).toBeNull();
  });
});
