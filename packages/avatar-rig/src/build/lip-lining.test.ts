import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateRig, visemeWeightsToTargets } from '../evaluate';
import { buildRig, decodeTextures, renderRigFrame, renderRigRgba, type DecodedTextures } from '../node';
import { meanAbsDiff, readFixture } from '../test-support';
import { LIP_LINING_LAYER, type Rig, type RigWeights } from '../types';
import { edgeBlurSigma } from './photo-blur';

interface Built { rig: Rig; textures: DecodedTextures }

const withoutLining = (rig: Rig): Rig => ({ ...rig, layers: rig.layers.filter((l) => l.name !== LIP_LINING_LAYER) });
const luma = (data: Uint8Array, o: number) => 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!;

/** Pixels of the mouth region the lining changes in a frame, and the steepest luma step down the mouth's middle column with and without it. */
function compare({ rig, textures }: Built, weights: RigWeights) {
  const lined = renderRigRgba(rig, textures, weights), bare = renderRigRgba(withoutLining(rig), textures, weights);
  const m = rig.face.mouth;
  let changed = 0;
  for (let y = Math.floor(m.y); y < m.y + m.height; y++) {
    for (let x = Math.floor(m.x); x < m.x + m.width; x++) {
      const o = (y * rig.width + x) * 4;
      if (Math.abs(luma(lined.data, o) - luma(bare.data, o)) > 2) changed++;
    }
  }
  const steepest = (data: Uint8Array) => {
    const x = Math.round(m.x + m.width / 2);
    let most = 0;
    for (let y = Math.floor(m.y); y + 1 < m.y + m.height; y++) most = Math.max(most, Math.abs(luma(data, ((y + 1) * rig.width + x) * 4) - luma(data, (y * rig.width + x) * 4)));
    return most;
  };
  return { changed, steepest: steepest(lined.data), steepestBare: steepest(bare.data) };
}

describe('soft edges of the mouth (lip lining, blurred cavity)', () => {
  const built: Record<'sharp' | 'blurred', Built> = {} as never;
  beforeAll(async () => {
    const photo = readFixture('grace_hopper.jpg');
    for (const [name, bytes] of [['sharp', photo], ['blurred', await sharp(photo).blur(3).jpeg({ quality: 95 }).toBuffer()]] as const) {
      const { rig, textures } = await buildRig(bytes);
      built[name] = { rig, textures: await decodeTextures(textures) };
    }
  });

  it('is drawn under the photo\'s own opening and the face, with a texture of its own, and draws nothing at rest or where the lips meet', () => {
    for (const { rig, textures } of Object.values(built)) {
      const names = rig.layers.map((l) => l.name);
      expect(names.indexOf(LIP_LINING_LAYER)).toBe(names.indexOf('mouth-teeth') - 1);
      expect(names.indexOf('mouth-teeth')).toBe(names.indexOf('face') - 1);
      expect(rig.layers.find((l) => l.name === LIP_LINING_LAYER)).toMatchObject({ texture: 'lip-lining.png' });
      for (const weights of [{}, visemeWeightsToTargets(rig, { PP: 1 }), { headYaw: 1, blinkLeft: 1 }]) {
        expect(meanAbsDiff(renderRigRgba(rig, textures, weights), renderRigRgba(withoutLining(rig), textures, weights), rig.face.box)).toBe(0);
      }
    }
  });

  it('draws only where the face leaves the opening: never over lips that cover a corner of it', () => {
    // A rounded 'O' pulls the mouth corners in over the opening; the band's slivers there were drawn
    // over the lips as dark lines (clm-franck-04117). Wherever the face is drawn, the lining changes nothing.
    for (const { rig, textures } of Object.values(built)) {
      const face = rig.layers.findIndex((l) => l.name === 'face') + 1;
      for (const viseme of ['aa', 'O', 'U', 'E'] as const) {
        const weights = visemeWeightsToTargets(rig, { [viseme]: 1 });
        const lined = renderRigFrame(rig, textures, weights), bare = renderRigFrame(withoutLining(rig), textures, weights).image;
        // (Inside the face's drawing: its antialiased edge pixels blend with what is under them.)
        const onFace = (p: number) => [p, p - 1, p + 1, p - rig.width, p + rig.width].every((q) => lined.layerOf[q] === face);
        let changedOnFace = 0;
        for (let p = rig.width; p < lined.layerOf.length - rig.width; p++) if (onFace(p) && Math.abs(luma(lined.image.data, p * 4) - luma(bare.data, p * 4)) > 2) changedOnFace++;
        expect(changedOnFace, viseme).toBe(0);
      }
    }
  });

  it('softens the cut between the photo and the painted cavity of an open mouth', () => {
    const aa = compare(built.blurred, visemeWeightsToTargets(built.blurred.rig, { aa: 1 }));
    expect(aa.steepest).toBeLessThan(0.75 * aa.steepestBare);
  });

  it('comes with a cavity as soft as the photo: a blurred photo\'s painted teeth have no crisp edge', () => {
    // The steepest luma step between neighbouring texels down the cavity texture's middle (through the painted upper teeth).
    const steepest = ({ textures }: Built) => {
      const cavity = textures.get('mouth-interior.png')!;
      const x = Math.round(0.48 * cavity.width);
      let most = 0;
      for (let y = 0; y + 1 < cavity.height; y++) most = Math.max(most, Math.abs(luma(cavity.data, ((y + 1) * cavity.width + x) * 4) - luma(cavity.data, (y * cavity.width + x) * 4)));
      return most;
    };
    expect(steepest(built.blurred)).toBeLessThan(0.5 * steepest(built.sharp));
  });

  it('softens the side walls an open jaw leaves at the mouth\'s corners too', () => {
    // The steepest luma step along the row halfway down the opening (between the inner lips' middle points 13 and 14), where it crosses the walls.
    const { rig, textures } = built.blurred;
    const weights = visemeWeightsToTargets(rig, { aa: 1 });
    const posed = evaluateRig(rig, weights);
    const y = Math.round((posed[13 * 2 + 1]! + posed[14 * 2 + 1]!) / 2);
    const steepest = (data: Uint8Array) => {
      let most = 0;
      for (let x = Math.floor(rig.face.mouth.x); x + 1 < rig.face.mouth.x + rig.face.mouth.width; x++) most = Math.max(most, Math.abs(luma(data, (y * rig.width + x + 1) * 4) - luma(data, (y * rig.width + x) * 4)));
      return most;
    };
    expect(steepest(renderRigRgba(rig, textures, weights).data)).toBeLessThan(0.7 * steepest(renderRigRgba(withoutLining(rig), textures, weights).data));
  });

  it('parts a blurred photo\'s lips with edges nearly as soft as the photo\'s own, however little they part', () => {
    // The edge blur a reader measures over the mouth (the re-blur method), against the rest frame's,
    // which is the photo's. A band that grew with the opening left the lips parting at a third of
    // 'aa' and at 'I' with crisp edges (0.36 and 0.37 of the photo's).
    const { rig, textures } = built.blurred;
    const blurOf = (weights: RigWeights) => edgeBlurSigma(renderRigRgba(rig, textures, weights).data, rig.width, rig.face.mouth);
    const photo = blurOf({});
    expect(blurOf(visemeWeightsToTargets(rig, { aa: 1 }))).toBeGreaterThan(0.4 * photo);
    for (const weights of [{ jawOpen: 0.3 }, visemeWeightsToTargets(rig, { E: 1 }), visemeWeightsToTargets(rig, { I: 1 })]) {
      expect(blurOf(weights), JSON.stringify(weights)).toBeGreaterThan(0.45 * photo);
    }
  });

  it('is as wide as the photo is blurred', () => {
    const width = (b: Built) => compare(b, visemeWeightsToTargets(b.rig, { aa: 1 })).changed / b.rig.face.mouth.width;
    expect(width(built.sharp)).toBeGreaterThan(0);
    expect(width(built.blurred)).toBeGreaterThan(1.8 * width(built.sharp));
  });
});
