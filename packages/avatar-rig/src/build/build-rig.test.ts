import { beforeAll, describe, expect, it } from 'vitest';
import { RIG_TARGETS, VISEMES, type Rig } from '../types';
import { evaluateRig, visemeWeightsToTargets } from '../evaluate';
import { buildRig, decodeTextures, renderRigRgba, RigBuildError, type BuiltRig, type DecodedTextures } from '../node';
import { meanAbsDiff, meanLuma, psnr, readFixture } from '../test-support';
import { analyseFace } from '@avatar-factory/face-analysis';
import { LOWER_INNER, MOUTH_CORNER_INNER, UPPER_INNER } from './landmarks';

/** Area of the mouth hole: the polygon corner -> upper inner lip -> other corner -> lower inner lip back. */
function mouthHoleArea(rig: Rig, positions: ArrayLike<number>): number {
  const ring = [MOUTH_CORNER_INNER[0], ...UPPER_INNER, MOUTH_CORNER_INNER[1], ...[...LOWER_INNER].reverse()];
  let a = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!, q = ring[(i + 1) % ring.length]!;
    a += positions[p * 2]! * positions[q * 2 + 1]! - positions[q * 2]! * positions[p * 2 + 1]!;
  }
  void rig;
  return Math.abs(a) / 2;
}

describe.each(['astronaut.png', 'grace_hopper.jpg'])('rig built from %s', (fixture) => {
  let built: BuiltRig;
  let textures: DecodedTextures;
  beforeAll(async () => {
    built = await buildRig(readFixture(fixture));
    textures = await decodeTextures(built.textures);
  });

  it('follows format v1: square portrait of 512-1024 px, both layers, every target and viseme', () => {
    const { rig } = built;
    expect(rig).toMatchObject({ format: 'avatar-rig', version: 1 });
    expect(rig.width).toBe(rig.height);
    expect(rig.width).toBeGreaterThanOrEqual(512);
    expect(rig.width).toBeLessThanOrEqual(1024);
    expect(rig.layers.map((l) => l.name)).toEqual(['mouth-interior', 'face']);
    const n = rig.vertices.length / 2;
    for (const layer of rig.layers) {
      expect(layer.uvs).toHaveLength(n * 2);
      expect(Math.max(...layer.triangles)).toBeLessThan(n);
      expect(built.textures[layer.texture]!.subarray(1, 4).toString()).toBe('PNG');
    }
    expect(rig.targets.map((t) => t.name)).toEqual([...RIG_TARGETS]);
    expect(Object.keys(rig.visemes).sort()).toEqual([...VISEMES].sort());
    // The crop is normalised around the face: centred across, the face about 1/2.6 of the side.
    const { box } = rig.face;
    expect(Math.abs(box.x + box.width / 2 - rig.width / 2)).toBeLessThan(0.05 * rig.width);
    expect(Math.max(box.width, box.height) / rig.width).toBeGreaterThan(0.33);
    expect(Math.max(box.width, box.height) / rig.width).toBeLessThan(0.45);
    // Round trip through JSON, as the server stores it.
    expect(JSON.parse(JSON.stringify(rig))).toEqual(rig);
  });

  it('renders the rest frame equal to the photo crop inside the face (PSNR >= 35 dB)', () => {
    const rest = renderRigRgba(built.rig, textures);
    const photo = textures.get('face.png')!;
    expect(psnr(rest, photo, built.rig.face.box)).toBeGreaterThanOrEqual(35);
  });

  it('has a mouth hole of zero area at rest that opens with the jaw', () => {
    expect(mouthHoleArea(built.rig, built.rig.vertices)).toBeLessThan(1e-6);
    const mw = built.rig.face.mouth.width;
    expect(mouthHoleArea(built.rig, evaluateRig(built.rig, { jawOpen: 1 }))).toBeGreaterThan(0.05 * mw * mw);
  });

  it('closes the eyes on blink and leaves the mouth alone', () => {
    const { rig } = built;
    const rest = renderRigRgba(rig, textures);
    const blink = renderRigRgba(rig, textures, { blinkLeft: 1, blinkRight: 1 });
    expect(meanAbsDiff(rest, blink, rig.face.leftEye)).toBeGreaterThan(6);
    expect(meanAbsDiff(rest, blink, rig.face.rightEye)).toBeGreaterThan(6);
    expect(meanAbsDiff(rest, blink, rig.face.mouth)).toBe(0);
    // One eye alone moves only that eye.
    const left = renderRigRgba(rig, textures, { blinkLeft: 1 });
    expect(meanAbsDiff(rest, left, rig.face.leftEye)).toBeGreaterThan(6);
    expect(meanAbsDiff(rest, left, rig.face.rightEye)).toBe(0);
  });

  it('opens the mouth on jawOpen and shows the dark interior', () => {
    const { rig } = built;
    const rest = renderRigRgba(rig, textures);
    const open = renderRigRgba(rig, textures, { jawOpen: 1 });
    expect(meanLuma(rest, rig.face.mouth) - meanLuma(open, rig.face.mouth)).toBeGreaterThan(10);
    expect(meanAbsDiff(rest, open, rig.face.leftEye)).toBe(0);
    // The 'aa' viseme goes through the table to the same kind of opening.
    const aa = renderRigRgba(rig, textures, visemeWeightsToTargets(rig, { aa: 1 }));
    expect(meanLuma(rest, rig.face.mouth) - meanLuma(aa, rig.face.mouth)).toBeGreaterThan(5);
  });

  it('keeps the frame border (background, shoulders) still under every target at its extremes', () => {
    const { rig } = built;
    const border: number[] = [];
    for (let i = 0; i < rig.vertices.length / 2; i++) {
      const x = rig.vertices[i * 2]!, y = rig.vertices[i * 2 + 1]!;
      if (x <= 1e-3 || y <= 1e-3 || x >= rig.width - 1e-3 || y >= rig.height - 1e-3) border.push(i);
    }
    expect(border.length).toBeGreaterThanOrEqual(36);
    for (const t of rig.targets) for (const i of border) expect(t.indices).not.toContain(i);
  });
});

describe('buildRig failures', () => {
  it('refuses a photo without a face with the analysis code', async () => {
    await expect(buildRig(readFixture('no_face_coffee.png'))).rejects.toMatchObject({ name: 'RigBuildError', code: 'no_face' });
    expect(new RigBuildError('no_face', 'x')).toBeInstanceOf(Error);
  });

  it('refuses a face turned too far from the camera (camera.png, about 35 degrees of yaw)', async () => {
    const photo = readFixture('camera.png');
    const analysis = await analyseFace(photo, { minFacePx: 40 });
    expect(analysis.ok).toBe(true);
    await expect(buildRig(photo, analysis)).rejects.toMatchObject({ code: 'face_turned' });
  });
});
