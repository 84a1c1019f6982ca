import { describe, expect, it } from 'vitest';
import { LEFT_IRIS, RIGHT_IRIS } from './mirrored-eye';
import { steadyEyes } from './steady-eyes';
import type { MeshPoint } from './types';

/** A 478-point mesh: irises level 100 px apart, each eye's corners 40 px apart at the given tilts (degrees, y down), every other point at the origin. */
function meshWith(leftTilt: number, rightTilt: number, marker = 0): MeshPoint[] {
  const mesh: MeshPoint[] = Array.from({ length: 478 }, () => [marker, marker, 0]);
  const eye = (outerOrInner: [number, number], centre: [number, number], tilt: number) => {
    const r = (tilt * Math.PI) / 180, dx = 20 * Math.cos(r), dy = 20 * Math.sin(r);
    mesh[outerOrInner[0]] = [centre[0] - dx, centre[1] - dy, 0];
    mesh[outerOrInner[1]] = [centre[0] + dx, centre[1] + dy, 0];
  };
  mesh[RIGHT_IRIS] = [100, 100, 0];
  mesh[LEFT_IRIS] = [200, 100, 0];
  eye([33, 133], [100, 100], leftTilt);
  eye([362, 263], [200, 100], rightTilt);
  return mesh;
}

describe('steadyEyes', () => {
  it('leaves eyes at their usual tilt as read, without reading again', async () => {
    const mesh = meshWith(3, -3);
    let reads = 0;
    expect(await steadyEyes(mesh, async () => { reads++; return null; })).toBe(mesh);
    expect(reads).toBe(0);
  });

  it('takes a turned eye from the reading whose corner line lies nearest its usual tilt, and nothing else', async () => {
    const mesh = meshWith(-12, -3);
    const readings = new Map([[1.5, meshWith(4, -14, 7)], [1.75, meshWith(-6, -3, 9)]]);
    const sides: number[] = [];
    const out = await steadyEyes(mesh, async (side) => { sides.push(side); return readings.get(side) ?? null; });
    expect(sides).toEqual([1.5, 1.75]);
    // The image-left eye (corners 33, 133; its brow point 70) from the 1.5 reading; the other eye and the rest as read.
    expect(out[33]).toEqual(readings.get(1.5)![33]);
    expect(out[133]).toEqual(readings.get(1.5)![133]);
    expect(out[70]).toEqual([7, 7, 0]);
    expect(out[263]).toEqual(mesh[263]);
    expect(out[300]).toEqual(mesh[300]);
    expect(out[1]).toEqual(mesh[1]);
  });

  it('keeps a turned eye when no other reading is better', async () => {
    const mesh = meshWith(-12, -3);
    const out = await steadyEyes(mesh, async () => meshWith(-20, -3, 5));
    expect(out[33]).toEqual(mesh[33]);
    expect(out[70]).toEqual(mesh[70]);
  });
});
