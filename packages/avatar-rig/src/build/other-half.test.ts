import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseFace } from '@avatar-factory/face-analysis';
import { cropOfCorpusPhoto } from '../test-support';
import { portraitCrop } from './portrait-crop';

/**
 * Detail of a region of a portrait: the mean absolute difference between neighbouring pixels
 * (RGB, across and down) over the pixels `inside` admits. A smear of an edge's colours has little.
 */
function detail(crop: { rgba: Buffer; size: number }, inside: (x: number, y: number) => boolean): number {
  let sum = 0, n = 0;
  for (let y = 0; y + 1 < crop.size; y++) {
    for (let x = 0; x + 1 < crop.size; x++) {
      if (!inside(x, y)) continue;
      const o = (y * crop.size + x) * 4;
      for (let k = 0; k < 3; k++) sum += Math.abs(crop.rgba[o + 4 + k]! - crop.rgba[o + k]!) + Math.abs(crop.rgba[o + crop.size * 4 + k]! - crop.rgba[o + k]!);
      n++;
    }
  }
  return sum / n;
}

describe('a face the photo cuts at the side', () => {
  it('gets the missing cheek from its other half, with a face\'s detail, not a smear of the edge', { timeout: 60_000 }, async () => {
    // clm-cage (frontal) cut just past the outer corner of the image-right eye, as a photo framed
    // too tightly at the side.
    const { image, face } = await cropOfCorpusPhoto('clm-cage');
    const { height } = await sharp(image).metadata();
    const cutAt = Math.round(face.mesh[263]![0] + 0.12 * (face.mesh[263]![0] - face.mesh[33]![0]));
    const cutPhoto = await sharp(image).extract({ left: 0, top: 0, width: cutAt, height: height! }).png().toBuffer();
    const cutFace = await analyseFace(cutPhoto);
    if (!cutFace.ok) throw new Error(cutFace.message);
    const crop = await portraitCrop(cutPhoto, cutFace);
    // The photo's edge in the portrait, through the outer eye corners' scale and place.
    const eyes = crop.mesh[263]![0] - crop.mesh[33]![0];
    const edge = crop.mesh[263]![0] + (cutAt - cutFace.mesh[263]![0]) * (eyes / (cutFace.mesh[263]![0] - cutFace.mesh[33]![0]));
    const [top, bottom] = [crop.mesh[263]![1], crop.mesh[291]![1]];
    // Beside the edge, from the eye's level to the mouth's, where the cheek and temple were, and
    // the photo's own cheek inside the edge. The edge's continuation had a fifth of its detail.
    const beside = detail(crop, (x, y) => x > edge + 4 && x < edge + 0.25 * eyes && y > top && y < bottom);
    const ownCheek = detail(crop, (x, y) => x > edge - 0.3 * eyes && x < edge - 0.05 * eyes && y > top && y < bottom);
    expect(beside).toBeGreaterThan(0.5 * ownCheek);
  });
});
