import { describe, expect, it } from 'vitest';
import { faceMeshTriangulation } from '@avatar-factory/face-analysis';
import { signedArea2 } from '../geometry/signed-area';
import { refineEyes } from './eye-refine';
import { refineLids } from './lid-refine';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, type EyeLandmarks } from './landmarks';
import type { Vec3 } from './face-frame';
import { cropOfCorpusPhoto } from '../test-support';

async function lidsOf(id: string) {
  const { crop } = await cropOfCorpusPhoto(id);
  const triangles = await faceMeshTriangulation();
  const before = refineEyes(crop.mesh, crop.irises, triangles).mesh;
  return { crop, triangles, before, after: refineLids(before, crop.rgba, crop.size, crop.irises, triangles) };
}

/** `measure` of the photo's colour 1.5 px beyond each point of a lid (towards the fold under it, or the crease above it), column by column. */
function beyondLid(mesh: Vec3[], eye: EyeLandmarks, side: 'lower' | 'upper', rgba: Uint8Array | Buffer, size: number, measure: (r: number, g: number, b: number) => number): number[] {
  const [lid, beyond] = side === 'lower' ? [eye.lowerLid, eye.lowerFold] : [eye.upperLid, eye.upperCrease];
  return lid.map((i, k) => {
    const p = mesh[i]!, f = mesh[beyond[k]!]!;
    const d = Math.hypot(f[0] - p[0], f[1] - p[1]) || 1;
    const x = Math.round(p[0] + ((f[0] - p[0]) / d) * 1.5 - 0.5), y = Math.round(p[1] + ((f[1] - p[1]) / d) * 1.5 - 0.5);
    const o = (y * size + x) * 4;
    return measure(rgba[o]!, rgba[o + 1]!, rgba[o + 2]!);
  });
}

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
/** Saturation plus red share, as eye-white.ts's warmth. */
const warmth = (r: number, g: number, b: number) => (Math.max(r, g, b) - Math.min(r, g, b)) / (Math.max(r, g, b) + 1) + (r - g) / (r + 1);
const saturation = (r: number, g: number, b: number) => (Math.max(r, g, b) - Math.min(r, g, b)) / (Math.max(r, g, b) + 1);
const lumaBeyondLid = (mesh: Vec3[], eye: EyeLandmarks, side: 'lower' | 'upper', rgba: Uint8Array | Buffer, size: number) => beyondLid(mesh, eye, side, rgba, size, luma);
const warmthBeyondLid = (mesh: Vec3[], eye: EyeLandmarks, side: 'lower' | 'upper', rgba: Uint8Array | Buffer, size: number) => beyondLid(mesh, eye, side, rgba, size, warmth);

describe('the lids, read from the photo', () => {
  it('move the lower lid off the white of the eye onto the lid, so that a closed eye shows no white under it', async () => {
    // clm-audrey: Human's lower lid contours lie on the white of both eyes, 2-4 px above the lids.
    // Her eyes' white measures luma 187-218, the lid skin 161-166. Under the iris (the middle
    // columns) the photo 1.5 px below the contour was white (226-237); after, it is lid (123-153).
    const { crop, before, after } = await lidsOf('clm-audrey');
    for (const eye of [EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT]) {
      const middle = (mesh: Vec3[]) => lumaBeyondLid(mesh, eye, 'lower', crop.rgba, crop.size).slice(2, 4);
      expect(Math.max(...middle(before))).toBeGreaterThan(185);
      expect(Math.max(...middle(after))).toBeLessThan(170);
    }
  });

  it('take the lower lid past the pale rim under the white, so that a closed eye shows no light line under its lashes', async () => {
    // argon-ivana-square: under the white of its image-right eye lies the lower lid's rim, pale and
    // grey-pink (luma 170-200), and Human's fold below the lid lies on it too. Stopped at the
    // white's end (at most 0.6 of the way to the fold), the closed lid kept the rim in sight as a
    // light line under the lashes. 1.5 px below the contour (middle columns) the photo was white
    // (199, 206); now it is lid skin, darker and more saturated (at most 161, saturation 0.27 or more).
    const { crop, before, after } = await lidsOf('argon-ivana-square');
    const middle = (mesh: Vec3[], measure: (r: number, g: number, b: number) => number) => beyondLid(mesh, EYE_IMAGE_RIGHT, 'lower', crop.rgba, crop.size, measure).slice(2, 5);
    expect(Math.max(...middle(before, luma))).toBeGreaterThan(185);
    expect(Math.max(...middle(after, luma))).toBeLessThan(170);
    expect(Math.min(...middle(after, saturation))).toBeGreaterThan(0.25);
  });

  it('tell the white from the lid by colour where the face is lit as brightly as the white', async () => {
    // argon-marie's image-left eye, looking aside: its white under the lashes (luma 149) is about
    // as bright as the lit skin below (143), but cool where the skin is warm. Human's lower contour
    // lies on the white beside the iris; 1.5 px below it (columns 1-2) the photo was white, and
    // a blink left it in sight under the closed lashes. After, the contour lies on the lid.
    const { crop, before, after } = await lidsOf('argon-marie');
    const columns = (mesh: Vec3[]) => warmthBeyondLid(mesh, EYE_IMAGE_LEFT, 'lower', crop.rgba, crop.size).slice(1, 3);
    // Before: -0.00 and 0.05; after: 0.60.
    expect(Math.max(...columns(before))).toBeLessThan(0.2);
    expect(Math.min(...columns(after))).toBeGreaterThan(0.3);
  });

  it('move the upper lid off the white of an eye looking up, so that the closing lid brings no white down', async () => {
    // argonfree-team-4 looks up and aside: on her image-right eye Human's upper contour lies on the
    // white beside the iris, below the lashes. 1.5 px above the contour (towards the crease) the
    // photo is white (luma 199 in column 5); after, it is lash (under 100), the contour 1-4 px up.
    const { crop, before, after } = await lidsOf('argonfree-team-4');
    const column = (mesh: Vec3[]) => lumaBeyondLid(mesh, EYE_IMAGE_RIGHT, 'upper', crop.rgba, crop.size)[5]!;
    expect(column(before)).toBeGreaterThan(180);
    expect(column(after)).toBeLessThan(100);
    const point = EYE_IMAGE_RIGHT.upperLid[5]!;
    const moved = Math.hypot(after[point]![0] - before[point]![0], after[point]![1] - before[point]![1]);
    expect(moved).toBeGreaterThan(1);
    expect(moved).toBeLessThan(4);
  });

  it('stay where the mesh put them when they lie on the lid, and never fold the mesh', async () => {
    for (const id of ['md-team-1', 'matplotlib-grace-hopper', 'clm-chuck-crop', 'clm-audrey', 'softui-brooke']) {
      const { triangles, before, after } = await lidsOf(id);
      if (!id.startsWith('clm-audrey') && id !== 'softui-brooke') expect({ id, moved: after.filter((p, i) => p[0] !== before[i]![0] || p[1] !== before[i]![1]).length }).toEqual({ id, moved: 0 });
      const a = before.flatMap((p) => [p[0], p[1]]), b = after.flatMap((p) => [p[0], p[1]]);
      let flipped = 0;
      for (let t = 0; t < triangles.length; t += 3) {
        const s0 = signedArea2(a, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!), s1 = signedArea2(b, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!);
        if (Math.abs(s0) > 1e-9 && s1 / s0 <= 0) flipped++;
      }
      expect({ id, flipped }).toEqual({ id, flipped: 0 });
    }
  });
});
