import { describe, expect, it } from 'vitest';
import { faceMeshTriangulation } from '@avatar-factory/face-analysis';
import { signedArea2 } from '../geometry/signed-area';
import { refineEyes } from './eye-refine';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, type EyeLandmarks } from './landmarks';
import type { Vec3 } from './face-frame';
import { cropOfCorpusPhoto } from '../test-support';

async function eyesOf(id: string) {
  const { crop } = await cropOfCorpusPhoto(id);
  const triangles = await faceMeshTriangulation();
  return { crop, triangles, refined: refineEyes(crop.mesh, crop.irises, triangles, { rgba: crop.rgba, size: crop.size }) };
}

/** Whether the point lies inside the eye's lid contour (corner, upper lid, corner, lower lid back). */
function insideLids(mesh: Vec3[], eye: EyeLandmarks, [x, y]: [number, number]): boolean {
  const ring = [eye.corners[0], ...eye.upperLid, eye.corners[1], ...[...eye.lowerLid].reverse()].map((i) => mesh[i]!);
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!, [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

describe('the eyelids, placed by the iris', () => {
  it('are moved onto an eye that Human\'s mesh drew below it, so that a blink closes the real eye', async () => {
    // softui-charles (laughing, the eyes narrowed): the mesh put the image-left eye's contour on the lower lid.
    const { crop, refined } = await eyesOf('softui-charles');
    const iris = crop.irises!.imageLeft.center;
    expect(insideLids(crop.mesh, EYE_IMAGE_LEFT, iris)).toBe(false);
    expect(insideLids(refined.mesh, EYE_IMAGE_LEFT, iris)).toBe(true);
    expect(insideLids(refined.mesh, EYE_IMAGE_RIGHT, crop.irises!.imageRight.center)).toBe(true);
  });

  it('stay where the mesh put them when they already hold the iris, and never fold the mesh', async () => {
    // softui-brooke, tabler-female-30 and softui-ivana look to one side: the image-right iris sits
    // a third of the way in from the outer corner, the image-left one well past the middle. Moved
    // to the same share as the other eye's, their image-right lids left the eye's inner white
    // outside them by a quarter of its width, and a blink did not cover it.
    for (const id of ['md-team-1', 'clm-obama4-crop', 'matplotlib-grace-hopper', 'softui-brooke', 'tabler-female-30', 'softui-ivana', 'softui-charles']) {
      const { crop, triangles, refined } = await eyesOf(id);
      if (id !== 'softui-charles') expect({ id, moves: refined.moves }).toEqual({ id, moves: [[0, 0], [0, 0]] });
      const before = crop.mesh.flatMap((p) => [p[0], p[1]]), after = refined.mesh.flatMap((p) => [p[0], p[1]]);
      let flipped = 0;
      for (let t = 0; t < triangles.length; t += 3) {
        const a = signedArea2(before, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!), b = signedArea2(after, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!);
        if (Math.abs(a) > 1e-9 && b / a <= 0) flipped++;
      }
      expect({ id, flipped }).toEqual({ id, flipped: 0 });
    }
  });
});
