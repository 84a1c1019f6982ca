import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { evaluateRig } from '../evaluate';
import type { Rig, RigTargetName } from '../types';
import { buildRig } from './build-rig';

const corpus = listCorpusPhotos({ derived: true });

async function rigOf(id: string): Promise<Rig> {
  const photo = corpus.find((p) => p.id === id);
  if (!photo) throw new Error(`no corpus photo ${id}`);
  return (await buildRig(readFileSync(photo.file))).rig;
}

/** The face landmarks on the convex hull of all 468 at rest: points of the face's outline. */
function outlineLandmarks(rig: Rig): number[] {
  const points = Array.from({ length: 468 }, (_, i) => ({ i, x: rig.vertices[i * 2]!, y: rig.vertices[i * 2 + 1]! })).sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o: (typeof points)[number], a: (typeof points)[number], b: (typeof points)[number]) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const chain = (ordered: typeof points) => ordered.reduce<typeof points>((hull, p) => {
    while (hull.length >= 2 && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, p) <= 0) hull.pop();
    return [...hull, p];
  }, []);
  return [...new Set([...chain(points), ...chain([...points].reverse())].map((p) => p.i))];
}

const moved = (rig: Rig, name: RigTargetName, i: number) => {
  const rest = evaluateRig(rig, {}), posed = evaluateRig(rig, { [name]: 1 });
  return Math.hypot(posed[i * 2]! - rest[i * 2]!, posed[i * 2 + 1]! - rest[i * 2 + 1]!);
};

describe('rounding and spreading the lips', () => {
  // Measured before the outline was held: 18.8 px at lipsRound on the turned face (a crisp copy of
  // the cheek's edge slid out from under it), 2.5 px on the frontal one.
  it.each(['tabler-male-14-4x', 'matplotlib-grace-hopper'])('move the mouth corners but not the face outline (%s)', async (id) => {
    const rig = await rigOf(id);
    const outline = outlineLandmarks(rig);
    for (const name of ['lipsRound', 'lipsSpread'] as const) {
      expect(Math.max(...outline.map((i) => moved(rig, name, i))), name).toBeLessThan(0.5);
      expect(Math.min(moved(rig, name, 61), moved(rig, name, 291)), name).toBeGreaterThan(5);
    }
  }, 60_000);
});
