import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseFace } from '@avatar-factory/face-analysis';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { portraitCrop } from './portrait-crop';
import { refineInnerLips } from './lip-refine';

const corpus = listCorpusPhotos({ derived: true });

async function lipsOf(id: string) {
  const photo = corpus.find((p) => p.id === id);
  if (!photo) throw new Error(`no corpus photo ${id}`);
  const image = readFileSync(photo.file);
  const face = await analyseFace(image);
  if (!face.ok) throw new Error(`${id}: ${face.message}`);
  const crop = await portraitCrop(image, face);
  return refineInnerLips(crop.mesh, crop.rgba, crop.size);
}

describe('the photo\'s own teeth', () => {
  it('are found in a warm video frame where yellowish teeth are as bright and saturated as the lips', async () => {
    // Left unfound, the upper teeth went down with the jaw and painted teeth showed above them.
    expect((await lipsOf('clm-franck-04117')).teethVisible).toBe(true);
    expect((await lipsOf('opencv-227943776-1')).teethVisible).toBe(true);
  });

  it('are found when yellow teeth are brighter than the lips but nearly as saturated, and between red lips', async () => {
    // clm-franck-03979 showed its own yellow upper row at rest, yet got a painted white row above it
    // while its own teeth went down with the jaw.
    expect((await lipsOf('clm-franck-03979')).teethVisible).toBe(true);
    expect((await lipsOf('softui-brooke')).teethVisible).toBe(true);
  });

  it('are not read into a closed mouth, a red lipstick\'s highlights or a moustache\'s shade', async () => {
    for (const id of ['md-team-3', 'clm-audrey', 'clm-audrey-rot+25', 'clm-bill-murray-snl-crop']) {
      expect({ id, teeth: (await lipsOf(id)).teethVisible }).toEqual({ id, teeth: false });
    }
  });
});
