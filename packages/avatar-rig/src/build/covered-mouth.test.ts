import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseFace } from '@avatar-factory/face-analysis';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { evaluateRig, visemeWeightsToTargets } from '../evaluate';
import { VISEMES, type Rig, type RigWeights } from '../types';
import { buildRig } from './build-rig';

const corpus = listCorpusPhotos({ derived: true });

/** The rig of a corpus photo, in range or not (the range is face analysis' decision, not the rig's). */
async function rigOf(id: string): Promise<Rig> {
  const photo = corpus.find((p) => p.id === id);
  if (!photo) throw new Error(`no corpus photo ${id}`);
  const image = readFileSync(photo.file);
  const face = await analyseFace(image, { checkRange: false });
  if (!face.ok) throw new Error(`${id}: ${face.message}`);
  return (await buildRig(image, face)).rig;
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
    const rig = await rigOf('softui-annie-spratt');
    for (const viseme of VISEMES) expect({ viseme, moved: farthestMove(rig, visemeWeightsToTargets(rig, { [viseme]: 1 })) }).toEqual({ viseme, moved: 0 });
    expect(farthestMove(rig, { blinkLeft: 1 })).toBeGreaterThan(2);
  });

  it('is not taken for lips lighter than the cheeks beside them (lit, or beside a dark beard in black and white)', async () => {
    // tabler-male-14's lower lip reads 7 L* lighter than the cheeks beside it, argon-team-4's lit
    // upper lip 21; md-drake, black and white, has lips lighter than its bearded cheeks.
    for (const id of ['tabler-male-14', 'argon-team-4', 'md-drake']) {
      const rig = await rigOf(id);
      expect({ id, opens: farthestMove(rig, visemeWeightsToTargets(rig, { aa: 1 })) > 0.04 * rig.face.box.height }).toEqual({ id, opens: true });
    }
  });
});
