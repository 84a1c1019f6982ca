import { describe, expect, it } from 'vitest';
import { evaluateRig } from '../evaluate';
import { RIG_FORMAT, type Rig, type RigTarget } from '../types';
import { coarsenLayer } from './coarsen';
import { signedArea2 } from './signed-area';

const SIDE = 8;
const CELL = 10;
const TOLERANCE = { motionPx: 0.3, depthPx: 3 };

/** A SIDE x SIDE grid of CELL px squares, two positively oriented triangles each, as the 'face' layer, with `targets`. */
function gridRig(targets: RigTarget[], extraLayer?: number[]): Rig {
  const vertices: number[] = [];
  for (let r = 0; r <= SIDE; r++) for (let c = 0; c <= SIDE; c++) vertices.push(c * CELL, r * CELL);
  const triangles: number[] = [];
  for (let r = 0; r < SIDE; r++) {
    for (let c = 0; c < SIDE; c++) {
      const a = r * (SIDE + 1) + c, b = a + 1, d = a + SIDE + 1, e = d + 1;
      triangles.push(a, b, e, a, e, d);
    }
  }
  const size = SIDE * CELL;
  return {
    format: RIG_FORMAT, version: 2, width: size, height: size, vertices,
    depth: vertices.filter((_, i) => i % 2 === 0).map(() => 0),
    layers: [
      ...(extraLayer ? [{ name: 'mouth-interior', texture: 'mouth.png', uvs: vertices.map(() => 0), triangles: extraLayer }] : []),
      { name: 'face', texture: 'face.png', uvs: vertices.map((x) => x / size), triangles, depthTest: true },
    ],
    targets,
    visemes: { sil: {}, PP: {}, FF: {}, TH: {}, DD: {}, kk: {}, CH: {}, SS: {}, nn: {}, RR: {}, aa: { jawOpen: 1 }, E: {}, I: {}, O: {}, U: {} },
    face: { box: { x: 0, y: 0, width: size, height: size }, mouth: { x: 0, y: 0, width: size, height: size }, leftEye: { x: 0, y: 0, width: 1, height: 1 }, rightEye: { x: 0, y: 0, width: 1, height: 1 } },
  };
}

const vertexCount = (SIDE + 1) ** 2;
const everyVertex = (move: (x: number, y: number) => [number, number]): RigTarget => {
  const indices = Array.from({ length: vertexCount }, (_, i) => i);
  return { name: 'headYaw', min: -1, max: 1, indices, deltas: indices.flatMap((i) => move((i % (SIDE + 1)) * CELL, Math.floor(i / (SIDE + 1)) * CELL)) };
};
const used = (triangles: number[]) => new Set(triangles);

/** Where the coarse triangles draw vertex q at `weights`: interpolated in the triangle over its rest position. */
function drawnAt(rig: Rig, triangles: number[], q: number, weights: Parameters<typeof evaluateRig>[1]): [number, number] {
  const posed = evaluateRig(rig, weights);
  for (let t = 0; t < triangles.length; t += 3) {
    const [a, b, c] = [triangles[t]!, triangles[t + 1]!, triangles[t + 2]!];
    const area = signedArea2(rig.vertices, a, b, c);
    const w0 = signedArea2(rig.vertices, q, b, c) / area, w1 = signedArea2(rig.vertices, a, q, c) / area, w2 = 1 - w0 - w1;
    if (Math.min(w0, w1, w2) < -1e-9) continue;
    return [0, 1].map((k) => w0 * posed[a * 2 + k]! + w1 * posed[b * 2 + k]! + w2 * posed[c * 2 + k]!) as [number, number];
  }
  throw new Error(`vertex ${q} is outside the layer`);
}

describe('coarsenLayer', () => {
  it('draws a patch that moves along a plane with a few large triangles, every removed vertex where the rig moves it', () => {
    // A head turn shears the whole grid: a linear motion, which any triangulation reproduces.
    const rig = gridRig([everyVertex((x, y) => [0.1 * y, 0.05 * x])]);
    const coarse = coarsenLayer(rig, 'face', TOLERANCE);
    expect(coarse.length / 3).toBeLessThan(SIDE * SIDE * 2 / 4);
    for (let q = 0; q < vertexCount; q++) {
      if (used(coarse).has(q)) continue;
      for (const weight of [-1, 0.4, 1]) {
        const [x, y] = drawnAt(rig, coarse, q, { headYaw: weight });
        const posed = evaluateRig(rig, { headYaw: weight });
        expect(Math.hypot(x - posed[q * 2]!, y - posed[q * 2 + 1]!)).toBeLessThan(1e-4);
      }
    }
    // The grid's border is the layer's edge: all of it stays.
    for (let i = 0; i <= SIDE; i++) for (const q of [i, SIDE * (SIDE + 1) + i, i * (SIDE + 1), i * (SIDE + 1) + SIDE]) expect(used(coarse).has(q)).toBe(true);
  });

  it('keeps the vertex a target moves on its own, and removes none whose motion the coarse triangles would miss by more than the tolerance', () => {
    // The jaw drops one vertex in the middle 4 px and its neighbours not at all.
    const centre = (SIDE / 2) * (SIDE + 1) + SIDE / 2;
    const rig = gridRig([{ name: 'jawOpen', min: 0, max: 1, indices: [centre], deltas: [0, 4] }]);
    const coarse = coarsenLayer(rig, 'face', TOLERANCE);
    expect(used(coarse).has(centre)).toBe(true);
    for (let q = 0; q < vertexCount; q++) {
      if (used(coarse).has(q)) continue;
      const [x, y] = drawnAt(rig, coarse, q, { jawOpen: 1 });
      const posed = evaluateRig(rig, { jawOpen: 1 });
      expect(Math.hypot(x - posed[q * 2]!, y - posed[q * 2 + 1]!)).toBeLessThanOrEqual(TOLERANCE.motionPx);
    }
    // Still, the still corners of the grid need far fewer triangles.
    expect(coarse.length / 3).toBeLessThan(SIDE * SIDE * 2 * 0.75);
  });

  it('covers the same area, every new triangle facing the viewer at every checked pose', () => {
    const rig = gridRig([everyVertex((x, y) => [0.08 * y, -0.04 * x]), { name: 'jawOpen', min: 0, max: 1, indices: [40], deltas: [0, 3] }]);
    const coarse = coarsenLayer(rig, 'face', TOLERANCE);
    const area = (triangles: number[], positions: ArrayLike<number>) => {
      let sum = 0;
      for (let t = 0; t < triangles.length; t += 3) sum += signedArea2(positions, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!);
      return sum;
    };
    const fine = rig.layers.find((l) => l.name === 'face')!.triangles;
    for (const weights of [{}, { headYaw: -1 }, { headYaw: 1 }, { jawOpen: 1 }, { headYaw: 1, jawOpen: 1 }]) {
      const posed = evaluateRig(rig, weights);
      expect(area(coarse, posed)).toBeCloseTo(area(fine, posed), 6);
      for (let t = 0; t < coarse.length; t += 3) expect(signedArea2(posed, coarse[t]!, coarse[t + 1]!, coarse[t + 2]!)).toBeGreaterThan(0);
    }
  });

  it('keeps every vertex another layer draws', () => {
    const rig = gridRig([everyVertex((x, y) => [0.1 * y, 0])], [30, 31, 40]);
    const coarse = coarsenLayer(rig, 'face', TOLERANCE);
    for (const q of [30, 31, 40]) expect(used(coarse).has(q)).toBe(true);
    expect(coarse.length).toBeLessThan(rig.layers[1]!.triangles.length);
  });
});
