import { describe, expect, it } from 'vitest';
import { evaluateRig } from '../evaluate';
import { RIG_FORMAT, type Rig } from '../types';
import { relieveFolds } from './fold-relief';
import { signedArea2 } from './signed-area';

/** A 5 x 5 grid of 10 px cells, two counter-clockwise-on-screen triangles a cell, and one target. */
function gridRig(move: Map<number, [number, number]>): { rig: Rig; triangles: number[] } {
  const vertices: number[] = [];
  for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) vertices.push(c * 10, r * 10);
  const triangles: number[] = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const a = r * 5 + c, b = a + 1, d = a + 5, e = d + 1;
      triangles.push(a, b, e, a, e, d);
    }
  }
  const front = signedArea2(vertices, triangles[0]!, triangles[1]!, triangles[2]!) > 0;
  if (!front) for (let t = 0; t < triangles.length; t += 3) [triangles[t + 1], triangles[t + 2]] = [triangles[t + 2]!, triangles[t + 1]!];
  const rig: Rig = {
    format: RIG_FORMAT, version: 2, width: 40, height: 40, vertices,
    layers: [{ name: 'face', texture: 'face.png', uvs: vertices.map((x) => x / 40), triangles }],
    targets: [{ name: 'jawOpen', min: 0, max: 1, indices: [...move.keys()], deltas: [...move.values()].flat() }],
    visemes: { sil: {}, PP: {}, FF: {}, TH: {}, DD: {}, kk: {}, CH: {}, SS: {}, nn: {}, RR: {}, aa: { jawOpen: 1 }, E: {}, I: {}, O: {}, U: {} },
    face: { box: { x: 0, y: 0, width: 40, height: 40 }, mouth: { x: 0, y: 0, width: 40, height: 40 }, leftEye: { x: 0, y: 0, width: 1, height: 1 }, rightEye: { x: 0, y: 0, width: 1, height: 1 } },
  };
  return { rig, triangles };
}

const folded = (rig: Rig, triangles: number[]) => {
  const positions = evaluateRig(rig, { jawOpen: 1 });
  let count = 0;
  for (let t = 0; t < triangles.length; t += 3) if (signedArea2(positions, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!) <= 0) count++;
  return count;
};

describe('relieveFolds', () => {
  it('unfolds a vertex dropped past the row below it by taking its neighbours along, keeping half the drop or more', () => {
    // The centre vertex (row 2, column 2) drops 15 px, past row 3 10 px below it.
    const { rig, triangles } = gridRig(new Map([[12, [0, 15]]]));
    expect(folded(rig, triangles)).toBeGreaterThan(0);
    const relieved = { ...rig, targets: relieveFolds(rig, triangles, 1) };
    expect(folded(relieved, triangles)).toBe(0);
    const centre = relieved.targets[0]!.indices.indexOf(12);
    expect(relieved.targets[0]!.deltas[centre * 2 + 1]).toBeGreaterThanOrEqual(7.5);
    // The skin under it was taken along rather than the drop thrown away.
    expect(relieved.targets[0]!.indices).toContain(17);
  });

  it('leaves a target that folds nothing exactly as it was', () => {
    const { rig, triangles } = gridRig(new Map([[7, [0, 2]], [12, [0, 4]]]));
    expect(relieveFolds(rig, triangles, 1)).toEqual(rig.targets);
  });

  it('lets the triangles the caller allows fold at a pose', () => {
    const { rig, triangles } = gridRig(new Map([[12, [0, 15]]]));
    expect(relieveFolds(rig, triangles, 1, () => true)).toEqual(rig.targets);
  });

  it('unfolds an extra pose of two targets by moving only the one it may relax', () => {
    // Each drops the centre vertex 8 px, short of the row 10 px below; together they pass it.
    const { rig, triangles } = gridRig(new Map([[12, [0, 8]]]));
    rig.targets.push({ ...rig.targets[0]!, name: 'lipsRound' });
    const both = { jawOpen: 1, lipsRound: 1 };
    const foldedAt = (targets: Rig['targets']) => {
      const positions = evaluateRig({ ...rig, targets }, both);
      return triangles.filter((_, t) => t % 3 === 0 && signedArea2(positions, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!) <= 0).length;
    };
    expect(foldedAt(rig.targets)).toBeGreaterThan(0);
    expect(relieveFolds(rig, triangles, 1)).toEqual(rig.targets);
    const relieved = relieveFolds(rig, triangles, 1, () => false, [{ weights: both, relax: new Set(['lipsRound']) }]);
    expect(foldedAt(relieved)).toBe(0);
    expect(relieved[0]).toEqual(rig.targets[0]);
    expect(relieved[1]).not.toEqual(rig.targets[1]);
  });
});
