import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseFace } from './analyse-face';
import { listCorpusPhotos } from './corpus';

/** Each eye's lid contour (corners and both lids) with the other eye's matching point in the same order. */
const IMAGE_LEFT_EYE = [33, 246, 161, 160, 159, 158, 157, 173, 133, 7, 163, 144, 145, 153, 154, 155];
const IMAGE_RIGHT_EYE = [263, 466, 388, 387, 386, 385, 384, 398, 362, 249, 390, 373, 374, 380, 381, 382];

describe('the eye contours', () => {
  it('are the same whichever way the photo faces: the mirrored photo gives the mirrored eyes', async () => {
    // Human 3.3.6 flips both eye crops for its iris model but flips back only one answer, so the
    // subject's right eye (image left) got a mirrored eye's contour. On clm-audrey its points lay
    // 0.23 eye widths (mean) from where the mirrored photo puts them, and the other eye's 0.11
    // (there the mirrored photo's own right eye was the wrong one); now 0.01-0.03.
    for (const id of ['clm-audrey', 'md-team-4']) {
      const photo = readFileSync(listCorpusPhotos().find((p) => p.id === id)!.file);
      const { info } = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
      const [face, mirrored] = await Promise.all([analyseFace(photo), analyseFace(await sharp(photo).flop().png().toBuffer())]);
      if (!face.ok || !mirrored.ok) throw new Error(`${id}: no face`);
      const eyeWidth = Math.hypot(face.mesh[133]![0] - face.mesh[33]![0], face.mesh[133]![1] - face.mesh[33]![1]);
      const apart = (eye: number[], mirroredEye: number[]) => eye.reduce((sum, i, k) => {
        const [mx, my] = mirrored.mesh[mirroredEye[k]!]!;
        return sum + Math.hypot(face.mesh[i]![0] - (info.width - mx), face.mesh[i]![1] - my);
      }, 0) / eye.length / eyeWidth;
      expect({ id, imageLeft: apart(IMAGE_LEFT_EYE, IMAGE_RIGHT_EYE) < 0.05 }).toEqual({ id, imageLeft: true });
      expect({ id, imageRight: apart(IMAGE_RIGHT_EYE, IMAGE_LEFT_EYE) < 0.05 }).toEqual({ id, imageRight: true });
    }
  });

  it('can be left as Human gives them for a caller that reads only the mouth: the mouth is the same', async () => {
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'clm-audrey')!.file);
    const [full, mouthOnly] = await Promise.all([analyseFace(photo), analyseFace(photo, { eyes: false })]);
    if (!full.ok || !mouthOnly.ok) throw new Error('clm-audrey: no face');
    for (const i of [13, 14, 61, 291, 78, 308]) expect(mouthOnly.mesh[i]).toEqual(full.mesh[i]);
    // The subject's right eye is Human's mirrored one there (0.23 eye widths off on this photo).
    const eyeWidth = Math.hypot(full.mesh[133]![0] - full.mesh[33]![0], full.mesh[133]![1] - full.mesh[33]![1]);
    const moved = IMAGE_LEFT_EYE.reduce((sum, i) => sum + Math.hypot(full.mesh[i]![0] - mouthOnly.mesh[i]![0], full.mesh[i]![1] - mouthOnly.mesh[i]![1]), 0) / IMAGE_LEFT_EYE.length / eyeWidth;
    expect(moved).toBeGreaterThan(0.05);
  });
});
