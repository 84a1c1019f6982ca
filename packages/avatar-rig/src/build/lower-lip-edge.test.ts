import { describe, expect, it } from 'vitest';
import { faceMeshTriangulation } from '@avatar-factory/face-analysis';
import { LOWER_OUTER, refineInnerLips } from './lip-refine';
import { refineLowerLipEdge } from './lower-lip-edge';
import { LOWER_INNER } from './landmarks';
import { lerp3, sampleAt } from './photo-sample';
import type { Vec3 } from './face-frame';
import { cropOfCorpusPhoto } from '../test-support';

async function lowerLipOf(id: string) {
  const { crop } = await cropOfCorpusPhoto(id);
  const before = refineInnerLips(crop.mesh, crop.rgba, crop.size).mesh;
  return { crop, before, after: refineLowerLipEdge(before, crop.rgba, crop.size, await faceMeshTriangulation()) };
}

/** How far the middle column's outer contour moved along the lip, away from the inner lip (px; negative: towards it). */
function outwards(before: Vec3[], after: Vec3[]): number {
  const inner = before[LOWER_INNER[4]]!, was = before[LOWER_OUTER[4]]!, now = after[LOWER_OUTER[4]]!;
  const length = Math.hypot(was[0] - inner[0], was[1] - inner[1]);
  return ((now[0] - was[0]) * (was[0] - inner[0]) + (now[1] - was[1]) * (was[1] - inner[1])) / length;
}

/** The photo's red share (r-g)/r just inside and just outside (1 px) the middle column's outer contour. */
function besideContour(mesh: Vec3[], rgba: Uint8Array | Buffer, size: number): { inside: number; outside: number } {
  const inner = mesh[LOWER_INNER[4]]!, outer = mesh[LOWER_OUTER[4]]!;
  const length = Math.hypot(outer[0] - inner[0], outer[1] - inner[1]);
  const red = (px: number) => { const p = lerp3(inner, outer, 1 + px / length); return sampleAt(rgba, size, p[0], p[1]).red; };
  return { inside: red(-1), outside: red(1) };
}

describe('the lower lip\'s outer contour, read from the photo', () => {
  it('moves up onto the lip\'s edge where Human\'s contour lies on the skin under it', async () => {
    // md-team-1's lower lip in the middle column: red share 0.6-0.8, the skin under it 0.10-0.12;
    // Human's contour lies 5 px below the edge, on the skin (0.19 just inside it). Moved 4.9 px up,
    // it has the edge's gradient across it (0.41 inside, 0.30 outside).
    const { crop, before, after } = await lowerLipOf('md-team-1');
    expect(besideContour(before, crop.rgba, crop.size).inside).toBeLessThan(0.25);
    expect(outwards(before, after)).toBeLessThan(-3);
    expect(outwards(before, after)).toBeGreaterThan(-7);
    expect(besideContour(after, crop.rgba, crop.size).inside).toBeGreaterThan(0.35);
  });

  it('moves out towards the lip\'s edge where Human\'s contour lies inside the lip', async () => {
    // clm-audrey's red lower lip (red share 0.7-0.8) runs 4-6 px past Human's contour (0.76 just
    // outside it); the move stops half-way, where a triangle of the skin under it would fold (2.8 px
    // out, 0.51 just outside it).
    const { crop, before, after } = await lowerLipOf('clm-audrey');
    expect(besideContour(before, crop.rgba, crop.size).outside).toBeGreaterThan(0.7);
    expect(outwards(before, after)).toBeGreaterThan(1.5);
    expect(besideContour(after, crop.rgba, crop.size).outside).toBeLessThan(0.6);
  });

  it('keeps Human\'s contour where the lips are hardly redder than the skin', async () => {
    const { before, after } = await lowerLipOf('md-drake');
    expect(after).toEqual(before);
  });
});
