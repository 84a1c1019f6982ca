import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseFace } from '@avatar-factory/face-analysis';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { evaluateRig, visemeWeightsToTargets } from '../evaluate';
import { VISEMES, type Rig, type RigWeights } from '../types';
import { buildRig } from './build-rig';

const corpus = listCorpusPhotos({ derived: true });

function photoOf(id: string): Buffer {
  const photo = corpus.find((p) => p.id === id);
  if (!photo) throw new Error(`no corpus photo ${id}`);
  return readFileSync(photo.file);
}

/** The rig of a photo, in range or not (the range is face analysis' decision, not the rig's). */
async function rigOf(image: Buffer): Promise<Rig> {
  const face = await analyseFace(image, { checkRange: false });
  if (!face.ok) throw new Error(face.message);
  return (await buildRig(image, face)).rig;
}

/** The photo with an ellipse of `fill` over its mouth, a little wider than the lips: a hand or a cup in front of it. */
async function withShapeOverMouth(image: Buffer, fill: string): Promise<Buffer> {
  const face = await analyseFace(image);
  if (!face.ok) throw new Error(face.message);
  const m = face.mesh, width = Math.hypot(m[291]![0] - m[61]![0], m[291]![1] - m[61]![1]);
  const { width: w, height: h } = await sharp(image).metadata();
  const cx = (m[61]![0] + m[291]![0]) / 2, cy = (m[13]![1] + m[14]![1]) / 2 + 0.1 * width;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><ellipse cx="${cx}" cy="${cy}" rx="${0.8 * width}" ry="${0.45 * width}" fill="${fill}"/></svg>`;
  return sharp(image).composite([{ input: Buffer.from(svg) }]).jpeg().toBuffer();
}

/** The farthest any vertex lies from where it rests, in portrait pixels. */
function farthestMove(rig: Rig, weights: RigWeights): number {
  const rest = evaluateRig(rig, {}), posed = evaluateRig(rig, weights);
  let most = 0;
  for (let i = 0; i < rest.length; i += 2) most = Math.max(most, Math.hypot(posed[i]! - rest[i]!, posed[i + 1]! - rest[i + 1]!));
  return most;
}

describe('a mouth that something covers', () => {
  it('stays still at every viseme under a fist, which an opening would open onto; the eyes still blink', async () => {
    const rig = await rigOf(photoOf('softui-annie-spratt'));
    for (const viseme of VISEMES) expect({ viseme, moved: farthestMove(rig, visemeWeightsToTargets(rig, { [viseme]: 1 })) }).toEqual({ viseme, moved: 0 });
    expect(farthestMove(rig, { blinkLeft: 1 })).toBeGreaterThan(2);
  });

  it('stays still under a pale or a mid-grey shape, on light skin too', async () => {
    // clm-audrey's skin is about as light as the pale shape (it reads 3 L* lighter than her cheeks).
    for (const [id, fill] of [['clm-audrey', 'rgb(222,212,206)'], ['md-marie', 'rgb(222,212,206)'], ['md-marie', 'rgb(150,140,135)']] as const) {
      const rig = await rigOf(await withShapeOverMouth(photoOf(id), fill));
      expect({ id, fill, moved: farthestMove(rig, visemeWeightsToTargets(rig, { aa: 1 })) }).toEqual({ id, fill, moved: 0 });
    }
  });

  it('is not taken for real lips: the greyest, lips lighter than the cheeks, a black-and-white photo', async () => {
    // tabler-male-1's dark lips read 0.54 of its cheeks' chroma, the greyest of the corpus;
    // tabler-male-14's lower lip reads 7 L* lighter than the cheeks beside it, argon-team-4's lit
    // upper lip 21; md-drake, black and white, has lips lighter than its bearded cheeks.
    for (const id of ['tabler-male-1-4x', 'tabler-male-14', 'argon-team-4', 'md-drake']) {
      const rig = await rigOf(photoOf(id));
      expect({ id, opens: farthestMove(rig, visemeWeightsToTargets(rig, { aa: 1 })) > 0.04 * rig.face.box.height }).toEqual({ id, opens: true });
    }
  });
});
