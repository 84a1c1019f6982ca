import { describe, expect, it } from 'vitest';
import { evaluateRig, visemeWeightsToTargets } from './evaluate';
import type { Rig } from './types';

const rig = {
  format: 'avatar-rig', version: 1, width: 10, height: 10,
  vertices: [0, 0, 10, 0, 0, 10],
  layers: [],
  targets: [
    { name: 'jawOpen', min: 0, max: 1, indices: [2], deltas: [0, 2] },
    { name: 'headYaw', min: -1, max: 1, indices: [0, 1], deltas: [1, 0, 1, 0] },
  ],
  visemes: { sil: {}, aa: { jawOpen: 0.8 }, O: { jawOpen: 0.5 } },
  face: { box: { x: 0, y: 0, width: 1, height: 1 }, mouth: { x: 0, y: 0, width: 1, height: 1 }, leftEye: { x: 0, y: 0, width: 1, height: 1 }, rightEye: { x: 0, y: 0, width: 1, height: 1 } },
} as unknown as Rig;

describe('evaluateRig', () => {
  it('adds weighted deltas to the rest positions and clamps weights to each target range', () => {
    expect([...evaluateRig(rig, { jawOpen: 0.5, headYaw: -0.5 })]).toEqual([-0.5, 0, 9.5, 0, 0, 11]);
    expect([...evaluateRig(rig, { jawOpen: 7, headYaw: -9 })]).toEqual([-1, 0, 9, 0, 0, 12]);
  });
  it('blends visemes through the table', () => {
    expect(visemeWeightsToTargets(rig, { aa: 0.5, O: 0.5 })).toEqual({ jawOpen: 0.65 });
  });
});
