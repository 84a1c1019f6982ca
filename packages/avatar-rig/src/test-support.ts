import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { analyseFace } from '@avatar-factory/face-analysis';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { portraitCrop } from './build/portrait-crop';
import type { RgbaImage } from './render/rasterise';
import type { RigRegion } from './types';

export const readFixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../fixtures/faces', name));

/**
 * A corpus photo (derived variants included) as the rig builder gets it: the photo's bytes, Human's
 * analysis of it and its portrait crop; `grey` reads the photo in black and white first, `exposure`
 * scales its levels (0.5: a photo taken at half the exposure).
 */
export async function cropOfCorpusPhoto(id: string, { grey = false, exposure = 1 } = {}) {
  const photo = listCorpusPhotos({ derived: true }).find((p) => p.id === id);
  if (!photo) throw new Error(`no corpus photo ${id}`);
  const image = grey || exposure !== 1 ? await sharp(photo.file).linear(exposure, 0).grayscale(grey).png().toBuffer() : readFileSync(photo.file);
  const face = await analyseFace(image);
  if (!face.ok) throw new Error(`${id}: ${face.message}`);
  return { image, face, crop: await portraitCrop(image, face) };
}

/** Peak signal-to-noise ratio over the RGB channels of a region, in dB. */
export function psnr(a: RgbaImage, b: RgbaImage, r: RigRegion): number {
  let sum = 0, n = 0;
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) {
      const o = (y * a.width + x) * 4;
      for (let k = 0; k < 3; k++) { const d = a.data[o + k]! - b.data[o + k]!; sum += d * d; n++; }
    }
  }
  const mse = sum / n;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** Mean luma (Rec. 601) of a region. */
export function meanLuma(img: RgbaImage, r: RigRegion): number {
  let sum = 0, n = 0;
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) {
      const o = (y * img.width + x) * 4;
      sum += 0.299 * img.data[o]! + 0.587 * img.data[o + 1]! + 0.114 * img.data[o + 2]!;
      n++;
    }
  }
  return sum / n;
}

/** Mean absolute difference per channel over a region. */
export function meanAbsDiff(a: RgbaImage, b: RgbaImage, r: RigRegion): number {
  let sum = 0, n = 0;
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) {
      const o = (y * a.width + x) * 4;
      for (let k = 0; k < 3; k++) { sum += Math.abs(a.data[o + k]! - b.data[o + k]!); n++; }
    }
  }
  return sum / n;
}
