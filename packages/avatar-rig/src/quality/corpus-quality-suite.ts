import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedArea } from '@avatar-factory/contracts';
import { analyseFace } from '@avatar-factory/face-analysis';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { buildRig, decodeTextures } from '../node';
import { openAtBlink } from './blink-closure';
import { nonFiniteNumbers } from './finite-rig';
import { geometryQuality } from './geometry-quality';
import { closesEnough, opensEnough, QUALITY_GOALS, shutsOnBlink } from './goals';
import { mouthGap } from './mouth-gap';
import { shownRegion } from '../shown-region';
import type { Rig } from '../types';

// Every in-range photo of the corpus (fixtures/faces/corpus.json, fetched by npm test's setup),
// derived variants included, through the real analysis and rig build, then judged on the CPU
// renderer's frames: about 2-3 s a photo. The corpus is split into shards, one test file each, so
// that the test runner's workers judge them side by side.
const inRange = listCorpusPhotos({ derived: true }).filter((p) => p.expected.range === 'in-range');

/**
 * A player shows the rig's view (the photo's part of its portrait): at least this share of the face
 * box lies inside it. Where the photo cuts the face, the view does too; the corpus's least is
 * tabler-male-28's 0.82 (a 128 px thumbnail cut at the forehead, the chin and one cheek).
 */
const MIN_FACE_IN_VIEW = 0.8;

function faceShareInView(rig: Rig): number {
  const { box } = rig.face;
  return sharedArea(box, shownRegion(rig)) / (box.width * box.height);
}

/** The share of a shard's photos that Human must read open at 'aa', and shut at 'PP'. */
const MIN_READ_SHARE = 0.9;

interface PhotoResult { id: string; problems: string[]; gapAa: number | null; gapPp: number | null }

async function judge(id: string, file: string): Promise<PhotoResult> {
  const face = await analyseFace(readFileSync(file));
  if (!face.ok) return { id, problems: [`refused: ${face.message}`], gapAa: null, gapPp: null };
  const built = await buildRig(readFileSync(file), face);
  const textures = await decodeTextures(built.textures);
  const q = geometryQuality(built.rig, textures);
  const problems: string[] = [];
  const nonFinite = nonFiniteNumbers(built.rig);
  if (nonFinite > 0) problems.push(`${nonFinite} numbers of the rig not finite`);
  if (!(q.restPsnrDb >= QUALITY_GOALS.minRestPsnrDb)) problems.push(`rest frame PSNR ${q.restPsnrDb.toFixed(1)} dB < ${QUALITY_GOALS.minRestPsnrDb}`);
  if (q.interiorOutsideLipsPx !== 0) problems.push(`${q.interiorOutsideLipsPx} mouth pixels outside the lips`);
  if (q.holesPx !== 0) problems.push(`${q.holesPx} holes`);
  const open = openAtBlink(built.rig);
  if (!shutsOnBlink(open)) problems.push(`a blink leaves an eye ${(open * 100).toFixed(0)}% open`);
  const shown = faceShareInView(built.rig);
  if (shown < MIN_FACE_IN_VIEW) problems.push(`the view shows ${(shown * 100).toFixed(0)}% of the face box`);
  return { id, problems, gapAa: await mouthGap(built.rig, textures, 'aa'), gapPp: await mouthGap(built.rig, textures, 'PP') };
}

/** The in-range photos of one shard: every `count`-th photo from the `index`-th (0-based). */
function shardOf(index: number, count: number) {
  return inRange.filter((_, i) => i % count === index);
}

/** The whole in-range corpus is judged by running this for every index below `count`. */
export function describeCorpusQuality(index: number, count: number) {
  describe(`avatars of the in-range corpus, shard ${index + 1} of ${count}`, () => {
    const photos = shardOf(index, count);
    let results: PhotoResult[] = [];

    it('every in-range photo becomes an avatar whose rest frame is the photo, with the mouth inside the lips, no holes at any pose, eyes that shut on a blink and its face in view', { timeout: 900_000 }, async () => {
      expect(inRange.length).toBeGreaterThanOrEqual(40);
      results = [];
      for (const photo of photos) results.push(await judge(photo.id, photo.file));
      expect(results.filter((r) => r.problems.length > 0).map((r) => `${r.id}: ${r.problems.join(', ')}`)).toEqual([]);
    });

    it('Human reads the mouth open at aa and shut at PP on the rendered frames', () => {
      expect(results.length).toBe(photos.length);
      const open = results.filter((r) => opensEnough(r.gapAa)).length / results.length;
      const shut = results.filter((r) => closesEnough(r.gapPp)).length / results.length;
      console.log(`mouth gap: aa >= ${QUALITY_GOALS.minMouthGapAa} on ${(open * 100).toFixed(0)}%, PP <= ${QUALITY_GOALS.maxMouthGapPp} on ${(shut * 100).toFixed(0)}% of ${results.length} photos`);
      // The shards stand at 94-98% (the goal is 100%; the misses are in docs/benchmarks.md): two
      // more misses in the weaker ones fail.
      expect(open).toBeGreaterThanOrEqual(MIN_READ_SHARE);
      expect(shut).toBeGreaterThanOrEqual(MIN_READ_SHARE);
    });
  });
}
