import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { RIG_TARGETS, VISEMES, type Rig, type RigWeights } from '../types';
import { evaluateRig, visemeWeightsToTargets } from '../evaluate';
import { buildRig, decodeTextures, renderRigFrame, renderRigRgba, RigBuildError, type BuiltRig, type DecodedTextures } from '../node';
import { meanAbsDiff, meanLuma, psnr, readFixture } from '../test-support';
import { analyseFace } from '@avatar-factory/face-analysis';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { INNER_LIP_RING, insideOrNear } from '../quality/inner-lip-polygon';
import { openAtBlink } from '../quality/blink-closure';
import { nonFiniteNumbers } from '../quality/finite-rig';
import { innerLipGap } from '../quality/rig-mouth-gap';
import { mostSqueezedSkin } from '../quality/skin-squeeze';
import { LOWER_INNER, MOUTH_CORNER_INNER, UPPER_INNER } from './landmarks';
import { VISEME_TABLE } from './visemes';

/** Area of the mouth opening: the polygon corner -> upper inner lip -> other corner -> lower inner lip back. */
function mouthHoleArea(positions: ArrayLike<number>): number {
  let a = 0;
  for (let i = 0; i < INNER_LIP_RING.length; i++) {
    const p = INNER_LIP_RING[i]!, q = INNER_LIP_RING[(i + 1) % INNER_LIP_RING.length]!;
    a += positions[p * 2]! * positions[q * 2 + 1]! - positions[q * 2]! * positions[p * 2 + 1]!;
  }
  return Math.abs(a) / 2;
}

/**
 * The rendered frame's luma at share t of the way from the upper inner lip's middle (13) to the
 * lower's (14), both where `weights` put them.
 */
function lumaAcrossOpening(rig: Rig, textures: DecodedTextures, weights: RigWeights): (t: number) => number {
  const frame = renderRigRgba(rig, textures, weights);
  const open = evaluateRig(rig, weights);
  const [upper, lower] = [UPPER_INNER[4], LOWER_INNER[4]];
  return (t) => {
    const x = open[upper * 2]! + t * (open[lower * 2]! - open[upper * 2]!), y = open[upper * 2 + 1]! + t * (open[lower * 2 + 1]! - open[upper * 2 + 1]!);
    const o = (Math.round(y) * frame.width + Math.round(x)) * 4;
    return 0.299 * frame.data[o]! + 0.587 * frame.data[o + 1]! + 0.114 * frame.data[o + 2]!;
  };
}

/** Pixels drawn by the mouth layers (cavity, teeth) farther than 1.5 px outside the inner lip polygon of the frame. */
function mouthPixelsOutsideLips(rig: Rig, frame: { layerOf: Uint8Array; positions: Float32Array }): number {
  const mouthLayers = new Set(rig.layers.map((l, i) => (l.name === 'face' ? -1 : i + 1)).filter((i) => i > 0));
  const poly = INNER_LIP_RING.map((i) => [frame.positions[i * 2]!, frame.positions[i * 2 + 1]!] as const);
  let outside = 0;
  for (let y = 0; y < rig.height; y++) {
    for (let x = 0; x < rig.width; x++) {
      if (!mouthLayers.has(frame.layerOf[y * rig.width + x]!)) continue;
      if (!insideOrNear(poly, x + 0.5, y + 0.5, 1.5)) outside++;
    }
  }
  return outside;
}

describe.each(['astronaut.png', 'grace_hopper.jpg'])('rig built from %s', (fixture) => {
  let built: BuiltRig;
  let textures: DecodedTextures;
  beforeAll(async () => {
    built = await buildRig(readFixture(fixture));
    textures = await decodeTextures(built.textures);
  });

  it('follows format v2: square portrait of 512-1024 px, cavity, teeth and face layers with depth, every target and viseme', () => {
    const { rig } = built;
    expect(rig).toMatchObject({ format: 'avatar-rig', version: 2 });
    expect(rig.depth).toHaveLength(rig.vertices.length / 2);
    expect(rig.layers.find((l) => l.name === 'face')!.depthTest).toBe(true);
    expect(rig.width).toBe(rig.height);
    expect(rig.width).toBeGreaterThanOrEqual(512);
    expect(rig.width).toBeLessThanOrEqual(1024);
    expect(rig.layers.map((l) => l.name)).toEqual(['mouth-interior', 'lip-lining', 'mouth-teeth', 'face', 'lid-lining']);
    const n = rig.vertices.length / 2;
    for (const layer of rig.layers) {
      expect(layer.uvs).toHaveLength(n * 2);
      expect(Math.max(...layer.triangles)).toBeLessThan(n);
      expect(built.textures[layer.texture]!.subarray(1, 4).toString()).toBe('PNG');
    }
    expect(rig.targets.map((t) => t.name)).toEqual([...RIG_TARGETS]);
    expect(Object.keys(rig.visemes).sort()).toEqual([...VISEMES].sort());
    // The crop is normalised around the face: near the middle across, the face 1/2.6 of the side or,
    // where the photo holds less around it, up to 1/1.7.
    const { box } = rig.face;
    expect(Math.abs(box.x + box.width / 2 - rig.width / 2)).toBeLessThan(0.05 * rig.width);
    expect(Math.max(box.width, box.height) / rig.width).toBeGreaterThan(0.33);
    expect(Math.max(box.width, box.height) / rig.width).toBeLessThan(1 / 1.65);
    // Round trip through JSON, as the server stores it.
    expect(JSON.parse(JSON.stringify(rig))).toEqual(rig);
  });

  it('renders the rest frame equal to the photo crop inside the face (PSNR >= 35 dB)', () => {
    const rest = renderRigRgba(built.rig, textures);
    const photo = textures.get('face.png')!;
    expect(psnr(rest, photo, built.rig.face.box)).toBeGreaterThanOrEqual(35);
  });

  it('opens the mouth with the jaw and closes it fully for PP, whatever the photo shows', () => {
    const { rig } = built;
    const mw = rig.face.mouth.width;
    const rest = mouthHoleArea(rig.vertices);
    expect(mouthHoleArea(evaluateRig(rig, { jawOpen: 1 }))).toBeGreaterThan(rest + 0.05 * mw * mw);
    const pp = evaluateRig(rig, visemeWeightsToTargets(rig, { PP: 1 }));
    expect(mouthHoleArea(pp)).toBeLessThan(0.002 * mw * mw);
  });

  it('rolls the lower lip in when parted lips press for m, b and p; closed lips only thin', () => {
    // Brought up whole, a parted lower lip showed its wet inner side between the closed lips (70%
    // of its height in sight on the astronaut's smile); rolled in, 39%. A closed mouth has no wet
    // side in sight: rolled all the same, Grace Hopper's lower lip was pressed to 38% of itself and
    // read as sucked in; now it thins as the upper lip does (about 0.7 of itself).
    const { rig } = built;
    const pp = evaluateRig(rig, visemeWeightsToTargets(rig, { PP: 1 }));
    const height = (pos: ArrayLike<number>, outer: number, inner: number) => Math.hypot(pos[outer * 2]! - pos[inner * 2]!, pos[outer * 2 + 1]! - pos[inner * 2 + 1]!);
    const lower = height(pp, 17, 14) / height(rig.vertices, 17, 14), upper = height(pp, 0, 13) / height(rig.vertices, 0, 13);
    if (fixture === 'astronaut.png') {
      expect(lower).toBeGreaterThan(0.25);
      expect(lower).toBeLessThan(0.5);
    } else {
      expect(lower).toBeGreaterThan(0.6);
    }
    expect(upper).toBeGreaterThan(0.6);
  });

  it('opens the mouth as an almond: beside each inner corner the lips part far less than in the middle', () => {
    // The drop used to run out at the outer corners, so the columns beside the inner corners
    // parted 0.41-0.46 of the middle's opening on Grace Hopper and the open mouth had square ends.
    const { rig } = built;
    const open = evaluateRig(rig, { jawOpen: 1 });
    const parting = (k: number) => {
      const gap = (pos: ArrayLike<number>) => pos[LOWER_INNER[k]! * 2 + 1]! - pos[UPPER_INNER[k]! * 2 + 1]!;
      return gap(open) - gap(rig.vertices);
    };
    const middle = parting(4);
    const ends = (parting(0) + parting(UPPER_INNER.length - 1)) / 2;
    expect(ends).toBeGreaterThan(0.1 * middle);
    expect(ends).toBeLessThan(0.4 * middle);
  });

  it('opens the mouth by the face\'s size, not by how broad the smile is, counting the photo\'s own opening', () => {
    // The astronaut smiles broadly (mouth 0.48 face widths, Grace Hopper 0.39) with her teeth
    // showing: her mouth opens no further than a typical mouth would, or it reads as a scream.
    const { rig } = built;
    const open = evaluateRig(rig, { jawOpen: 1 });
    const gap = (pos: ArrayLike<number>) => Math.hypot(pos[14 * 2]! - pos[13 * 2]!, pos[14 * 2 + 1]! - pos[13 * 2 + 1]!);
    const width = (a: number, b: number) => Math.hypot(rig.vertices[a * 2]! - rig.vertices[b * 2]!, rig.vertices[a * 2 + 1]! - rig.vertices[b * 2 + 1]!);
    const faceWidth = width(234, 454), mouthWidth = width(61, 291);
    const fullDrop = 0.55 * Math.min(mouthWidth, 0.4 * faceWidth);
    expect(gap(open)).toBeGreaterThan(0.15 * faceWidth);
    // Lips parted at rest by up to 0.3 of the full drop keep the full drop; beyond that the
    // photo's opening counts toward 'aa' (the jaw still drops at least 0.4 of it).
    expect(gap(open)).toBeLessThan(1.05 * Math.max(1.3 * fullDrop, gap(rig.vertices) + 0.4 * fullDrop));
    // However open the photo's mouth is, the jaw still drops.
    expect(gap(open) - gap(rig.vertices)).toBeGreaterThan(0.35 * fullDrop);
  });

  it('rounds the lips for O and U: the mouth narrows to about three quarters of its width and two thirds', () => {
    // At a sixth narrower 'O' read as a smaller 'aa' on every face of the corpus.
    const { rig } = built;
    const width = (pos: ArrayLike<number>) => Math.hypot(pos[291 * 2]! - pos[61 * 2]!, pos[291 * 2 + 1]! - pos[61 * 2 + 1]!);
    const at = (viseme: 'O' | 'U') => width(evaluateRig(rig, visemeWeightsToTargets(rig, { [viseme]: 1 }))) / width(rig.vertices);
    expect(at('O')).toBeLessThan(0.76);
    expect(at('U')).toBeLessThan(0.68);
    expect(at('U')).toBeGreaterThan(0.55);
  });

  it('draws the mouth interior only inside the inner lips, at every viseme and head pose', () => {
    const { rig } = built;
    const poses = [
      ...VISEMES.map((v) => visemeWeightsToTargets(rig, { [v]: 1 })),
      { headYaw: 1, jawOpen: 1 }, { headYaw: -1, jawOpen: 1 }, { headPitch: 1, headRoll: -1, lipsRound: 1 }, { headPitch: -1, headRoll: 1, jawOpen: 1 },
    ];
    for (const pose of poses) expect(mouthPixelsOutsideLips(rig, renderRigFrame(rig, textures, pose))).toBe(0);
  });

  it('rests the upper teeth on the lower lip at FF, no cavity between them', () => {
    // The astronaut shows her own teeth, Grace Hopper gets painted ones: either way the tucked
    // lower lip meets the teeth's edge. A little jaw opening on top of the tuck drew a black
    // crescent of cavity under the astronaut's teeth.
    const { rig } = built;
    const frame = renderRigFrame(rig, textures, visemeWeightsToTargets(rig, { FF: 1 }));
    const interior = rig.layers.findIndex((l) => l.name === 'mouth-interior') + 1;
    let teeth = 0, cavity = 0;
    frame.layerOf.forEach((layer, p) => {
      if (layer !== interior) return;
      const o = p * 4, luma = 0.299 * frame.image.data[o]! + 0.587 * frame.image.data[o + 1]! + 0.114 * frame.image.data[o + 2]!;
      if (luma < 60) cavity++; else if (luma > 100) teeth++;
    });
    const mw = rig.face.mouth.width;
    // (A pixel or two of the lip lining's soft rim, over the cavity, at the ends of the teeth.)
    expect(cavity).toBeLessThan(0.03 * mw);
    // Painted teeth reach 0.08 mouth widths below the lip line: a strip of them shows above the lip.
    if (fixture === 'grace_hopper.jpg') expect(teeth).toBeGreaterThan(0.025 * mw * mw);
  });

  it('rounds the lips for U onto the cavity\'s dark, the painted teeth under the upper lip, the photo\'s own opening not stretched', () => {
    // Rounding parts the lips without the jaw. With the photo's lower strip and the cavity's lower
    // rows left where they were, U's opening was the teeth over the inside of the lower lip
    // stretched down to the lip, the cavity's dark a thin line between them.
    const { rig } = built;
    const layerIndex = (name: string) => rig.layers.findIndex((l) => l.name === name) + 1;
    const count = (weights: Parameters<typeof renderRigFrame>[2]) => {
      const frame = renderRigFrame(rig, textures, weights);
      let dark = 0, strip = 0, paintedTeeth = 0;
      frame.layerOf.forEach((layer, p) => {
        const o = p * 4, luma = 0.299 * frame.image.data[o]! + 0.587 * frame.image.data[o + 1]! + 0.114 * frame.image.data[o + 2]!;
        if (layer === layerIndex('mouth-interior') && luma < 60) dark++;
        if (layer === layerIndex('mouth-interior') && luma > 100) paintedTeeth++;
        if (layer === layerIndex('mouth-teeth')) strip++;
      });
      return { dark, strip, paintedTeeth };
    };
    const rest = count({}), u = count(visemeWeightsToTargets(rig, { U: 1 }));
    const mw = rig.face.mouth.width;
    // (The lip lining's soft rim, 1.6 px on a sharp photo, lightens the opening's outermost pixels;
    // on the astronaut's smile the lips close the ends of her opening. A line of dark 2 px high
    // across the opening would be about 0.012 mouth widths squared.)
    expect(u.dark).toBeGreaterThan(0.02 * mw * mw);
    expect(u.strip).toBeLessThan(1.3 * rest.strip + 0.01 * mw * mw);
    // The rounded upper lip covers the painted upper teeth: a band of them across the opening
    // (0.03 mouth widths squared on Grace Hopper) read as an open 'eh', not 'oo'.
    if (fixture === 'grace_hopper.jpg') expect(u.paintedTeeth).toBeLessThan(0.005 * mw * mw);
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

  it('shuts the lids on blink, the crease above coming down with the upper lid', () => {
    const { rig } = built;
    const closed = evaluateRig(rig, { blinkLeft: 1, blinkRight: 1 });
    const gap = (pos: ArrayLike<number>, up: number, lo: number) => Math.hypot(pos[lo * 2]! - pos[up * 2]!, pos[lo * 2 + 1]! - pos[up * 2 + 1]!);
    // Middle columns of both eyes: upper lid 159 / 386 over lower lid 145 / 374, creases 27 / 257.
    for (const [up, lo, crease] of [[159, 145, 27], [386, 374, 257]] as const) {
      expect(gap(closed, up, lo)).toBeLessThan(0.1 * gap(rig.vertices, up, lo));
      const creaseDrop = closed[crease * 2 + 1]! - rig.vertices[crease * 2 + 1]!;
      expect(creaseDrop).toBeGreaterThan(0.25 * gap(rig.vertices, up, lo));
    }
  });

  it('opens the mouth on jawOpen and shows the dark interior', () => {
    const { rig } = built;
    const rest = renderRigRgba(rig, textures);
    const open = renderRigRgba(rig, textures, { jawOpen: 1 });
    expect(meanLuma(rest, rig.face.mouth) - meanLuma(open, rig.face.mouth)).toBeGreaterThan(8);
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

describe('buildRig on other photos', () => {
  it('refuses a photo without a face with the analysis code', async () => {
    await expect(buildRig(readFixture('no_face_coffee.png'))).rejects.toMatchObject({ name: 'RigBuildError', code: 'no_face' });
    expect(new RigBuildError('no_face', 'x')).toBeInstanceOf(Error);
  });

  it('rigs a strongly turned face (camera.png, about 38 degrees of yaw): its folds are left to the depth test', async () => {
    const photo = readFixture('camera.png');
    const analysis = await analyseFace(photo, { checkRange: false });
    expect(analysis.ok).toBe(true);
    const { rig, textures } = await buildRig(photo, analysis);
    const decoded = await decodeTextures(textures);
    expect(psnr(renderRigRgba(rig, decoded), decoded.get('face.png')!, rig.face.box)).toBeGreaterThanOrEqual(35);
  });

  it('presses the lips together in the picture on a lowered, laughing face: no teeth show between them', async () => {
    // softui-charles (pitch -15 degrees, teeth bared): the face frame's "down" has depth in it, and
    // lips that met in the frame stayed up to 2.4 px apart on the screen, a line of teeth between them.
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'softui-charles')!.file);
    const { rig, textures } = await buildRig(photo);
    const frame = renderRigFrame(rig, await decodeTextures(textures), visemeWeightsToTargets(rig, { PP: 1 }));
    const apart = UPPER_INNER.map((u, k) => Math.hypot(frame.positions[LOWER_INNER[k]! * 2]! - frame.positions[u * 2]!, frame.positions[LOWER_INNER[k]! * 2 + 1]! - frame.positions[u * 2 + 1]!));
    expect(Math.max(...apart)).toBeLessThan(0.2);
    const teethLayer = rig.layers.findIndex((l) => l.name === 'mouth-teeth') + 1;
    expect(frame.layerOf.filter((l) => l === teethLayer).length).toBe(0);
  });

  it('colours a laugh\'s cavity only with the photo\'s dark, not with the teeth or lip a noisy photo shows beside it', async () => {
    // softui-charles-noise: near a corner the split lay on a tooth, and its colour drew a light
    // stripe (luma 205) down the cavity under the upper teeth, which opened as a black pipe with a
    // glossy end. The photo's own dark there is luma 14.
    const photo = readFileSync(listCorpusPhotos({ derived: true }).find((p) => p.id === 'softui-charles-noise')!.file);
    const cavity = (await decodeTextures((await buildRig(photo)).textures)).get('mouth-interior.png')!;
    const underSplit = Math.floor(0.35 * cavity.height);
    const row = Array.from({ length: cavity.width }, (_, x) => meanLuma(cavity, { x, y: underSplit, width: 1, height: 1 }));
    expect(Math.max(...row)).toBeLessThan(40);
  });

  it('paints a faded photo\'s cavity lifted as the photo\'s own blacks are, not a black hole through it', { timeout: 30_000 }, async () => {
    // argon-marie and her faded copy (black lifted to 80): the darkest of the painted cavity was
    // luma 15 and 19, under a faded face whose own darkest is about 90.
    const corpus = listCorpusPhotos({ derived: true });
    const darkestOfCavity = async (id: string) => {
      const cavity = (await decodeTextures((await buildRig(readFileSync(corpus.find((p) => p.id === id)!.file))).textures)).get('mouth-interior.png')!;
      let darkest = 255;
      for (let y = 0; y < cavity.height; y++) for (let x = Math.round(0.3 * cavity.width); x < 0.7 * cavity.width; x++) darkest = Math.min(darkest, meanLuma(cavity, { x, y, width: 1, height: 1 }));
      return darkest;
    };
    const [plain, faded] = [await darkestOfCavity('argon-marie'), await darkestOfCavity('argon-marie-faded')];
    expect(plain).toBeLessThan(25);
    expect(faded - plain).toBeGreaterThan(30);
  });

  it('builds a rig of finite numbers from a small, heavily compressed laugh whose squinting lids touch', async () => {
    // softui-ivana at 60% and JPEG quality 40: in a lid column where Human put both lids on one
    // point, the lid reader multiplied an unbounded reach by an opening of 0, and NaN spread from
    // two lid vertices into every target that moves them (142 deltas of one blink).
    const file = listCorpusPhotos().find((p) => p.id === 'softui-ivana')!.file;
    const width = (await sharp(file).metadata()).width!;
    const photo = await sharp(file).resize(Math.round(width * 0.6)).jpeg({ quality: 40 }).toBuffer();
    expect(nonFiniteNumbers((await buildRig(photo)).rig)).toBe(0);
  });

  it('shuts both eyes on a blink where the fold relief once shrank it (slivers by the inner corner and in the lid margin)', { timeout: 60_000 }, async () => {
    // tabler-female-3-4x: the corner-margin triangle of its image-right eye folded and the blink
    // closed 15% of the way; tabler-male-1-4x mirrored, a margin triangle: its image-left eye 9%.
    const corpus = listCorpusPhotos({ derived: true });
    const file = (id: string) => corpus.find((p) => p.id === id)!.file;
    const photos = [readFileSync(file('tabler-female-3-4x')), await sharp(file('tabler-male-1-4x')).flop().png().toBuffer()];
    for (const photo of photos) expect(openAtBlink((await buildRig(photo)).rig)).toBeLessThan(0.1);
  });

  it('closes a laughing mouth with the jaw for m, b, p and for f, v: the lower lip rises whole, the skin under it with it', async () => {
    // softui-ivana: the skin triangles at the lower lip's corners folded as it rose, and relieving
    // them held the skin under the lip back (it rose 0.6 and 0.36 as far as the lip): Human's lower
    // lip line is 5 px thick on a 14 px lip, and the rest of the lip stretched into a tall red smear.
    // Tucked for 'FF', the lip's outer edge stayed and the lip stretched up to the teeth, three times
    // its height.
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'softui-ivana')!.file);
    const { rig } = await buildRig(photo);
    const lipHeight = (positions: ArrayLike<number>) => positions[17 * 2 + 1]! - positions[14 * 2 + 1]!;
    for (const viseme of ['PP', 'FF'] as const) {
      const closed = evaluateRig(rig, visemeWeightsToTargets(rig, { [viseme]: 1 }));
      const rise = (i: number) => rig.vertices[i * 2 + 1]! - closed[i * 2 + 1]!;
      expect(rise(17)).toBeGreaterThan(40);
      for (const below of [18, 200]) expect({ viseme, below, rise: rise(below) > 0.8 * rise(17) }).toEqual({ viseme, below, rise: true });
      expect({ viseme, stretch: lipHeight(closed) < 1.3 * lipHeight(rig.vertices) }).toEqual({ viseme, stretch: true });
    }
  });

  it('brings a laugh\'s tucked lower lip to its teeth out to the corners at FF: no dark wedge of cavity beside them', async () => {
    // softui-ivana turned 20 degrees: the lip rose to the teeth but its corners stayed, and the
    // cavity showed between the teeth's end, the corner and the lip.
    const photo = readFileSync(listCorpusPhotos({ derived: true }).find((p) => p.id === 'softui-ivana-rot+20')!.file);
    const { rig, textures } = await buildRig(photo);
    const decoded = await decodeTextures(textures);
    // Dark pixels in the mouth's box, whichever layer draws them (the photo's own dark rides on the
    // face and teeth layers' corner triangles).
    const dark = (weights: Parameters<typeof renderRigFrame>[2]) => {
      const frame = renderRigFrame(rig, decoded, weights);
      const { x, y, width, height } = rig.face.mouth;
      let count = 0;
      for (let py = Math.floor(y); py < y + height; py++) {
        for (let px = Math.floor(x); px < x + width; px++) {
          const o = (py * rig.width + px) * 4;
          if (0.299 * frame.image.data[o]! + 0.587 * frame.image.data[o + 1]! + 0.114 * frame.image.data[o + 2]! < 60) count++;
        }
      }
      return count;
    };
    // As little dark as the closed lips of 'PP' show (curls and shade in the box count in both):
    // with the wedge, 250 pixels more; without, 66 (a mouth 107 px wide).
    const mw = rig.face.mouth.width;
    expect(dark(visemeWeightsToTargets(rig, { FF: 1 })) - dark(visemeWeightsToTargets(rig, { PP: 1 }))).toBeLessThan(0.01 * mw * mw);
  });

  it('rounds a laugh\'s lips over its upper teeth, which stay as they are: no side tooth slanted into a fang', async () => {
    // clm-franck-04117 at 'U': the strip of teeth hung on the lips' own vertices, narrowed with
    // them, and the teeth beside each corner slanted down to it.
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'clm-franck-04117')!.file);
    const { rig } = await buildRig(photo);
    const teeth = rig.layers.find((l) => l.name === 'mouth-teeth')!;
    const [left, right] = MOUTH_CORNER_INNER.map((i) => [rig.vertices[i * 2]!, rig.vertices[i * 2 + 1]!] as const) as [readonly [number, number], readonly [number, number]];
    const mw = Math.hypot(right[0] - left[0], right[1] - left[1]);
    const across = [(right[0] - left[0]) / mw, (right[1] - left[1]) / mw] as const;
    const posed = evaluateRig(rig, visemeWeightsToTargets(rig, { U: 1 }));
    const sideways = (i: number) => (posed[i * 2]! - rig.vertices[i * 2]!) * across[0] + (posed[i * 2 + 1]! - rig.vertices[i * 2 + 1]!) * across[1];
    // The teeth's top edge: the teeth layer's own vertices (not the face's) where the upper inner
    // lip is at rest, the lips parted (where they meet, the lower strip begins there too).
    const at = (i: number, landmarks: readonly number[]) => landmarks.some((l) => Math.hypot(rig.vertices[i * 2]! - rig.vertices[l * 2]!, rig.vertices[i * 2 + 1]! - rig.vertices[l * 2 + 1]!) < 1e-3);
    const face = new Set(rig.layers.find((l) => l.name === 'face')!.triangles);
    const top = [...new Set(teeth.triangles)].filter((i) => !face.has(i) && at(i, UPPER_INNER) && !at(i, LOWER_INNER));
    expect(top.length).toBeGreaterThanOrEqual(UPPER_INNER.length - 2);
    // The lips' corners come in; the teeth under them stay put.
    expect(sideways(MOUTH_CORNER_INNER[0]) - sideways(MOUTH_CORNER_INNER[1])).toBeGreaterThan(0.1 * mw);
    for (const i of top) expect(Math.abs(sideways(i))).toBeLessThan(0.01 * mw);
  });

  it('purses a laugh\'s lips for U: the ends of its opening close as the middle opens, no side teeth over the dark', async () => {
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'softui-ivana')!.file);
    const { rig } = await buildRig(photo);
    const parted = (pos: ArrayLike<number>, k: number) => Math.hypot(pos[LOWER_INNER[k]! * 2]! - pos[UPPER_INNER[k]! * 2]!, pos[LOWER_INNER[k]! * 2 + 1]! - pos[UPPER_INNER[k]! * 2 + 1]!);
    // The rounding itself, as the plain table has 'U': the laugh's own table also closes it some
    // way for speech (see 'speaks through a laugh').
    const u = evaluateRig(rig, VISEME_TABLE.U);
    // Measured: the end columns 31 and 19 px apart at rest, 17 and 12 at 'U'; they parted further
    // before, the laugh's square ends kept.
    for (const k of [0, UPPER_INNER.length - 1]) expect(parted(u, k)).toBeLessThan(0.7 * parted(rig.vertices, k));
    expect(parted(u, 4)).toBeGreaterThan(parted(rig.vertices, 4));
  });

  it('purses a laugh\'s opening for U into an oval: the upper lip comes down over the teeth towards the ends, not only the lower lip up', async () => {
    // softui-charles: the upper lip's edge stayed straight across the teeth out to the corners
    // (its columns beside them 0.007 and 0.016 mouth widths up), the opening a box with square
    // top corners; now 0.067 and 0.037 down, the middle still up.
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'softui-charles')!.file);
    const { rig } = await buildRig(photo);
    const v = rig.vertices;
    const [left, right] = MOUTH_CORNER_INNER.map((i) => [v[i * 2]!, v[i * 2 + 1]!] as const) as [readonly [number, number], readonly [number, number]];
    const mw = Math.hypot(right[0] - left[0], right[1] - left[1]);
    const down = [-(right[1] - left[1]) / mw, (right[0] - left[0]) / mw] as const;
    const u = evaluateRig(rig, VISEME_TABLE.U);
    const comesDown = (i: number) => ((u[i * 2]! - v[i * 2]!) * down[0] + (u[i * 2 + 1]! - v[i * 2 + 1]!) * down[1]) / mw;
    for (const k of [1, UPPER_INNER.length - 2]) expect({ k, down: comesDown(UPPER_INNER[k]!) > 0.025 }).toEqual({ k, down: true });
    expect(comesDown(UPPER_INNER[4]!)).toBeLessThan(0);
  });

  it('rounds a smile\'s small opening for U without pinching it into a V under the teeth', async () => {
    // tabler-female-32 at 4x smiles with its lips 18 px apart: closed at its ends as a laugh's,
    // 'U' parted the columns beside the corners 0.46 and 0.49 of the middle (a V); now 0.72, 0.68.
    const photo = readFileSync(listCorpusPhotos({ derived: true }).find((p) => p.id === 'tabler-female-32-4x')!.file);
    const { rig } = await buildRig(photo);
    const parted = (pos: ArrayLike<number>, k: number) => Math.hypot(pos[LOWER_INNER[k]! * 2]! - pos[UPPER_INNER[k]! * 2]!, pos[LOWER_INNER[k]! * 2 + 1]! - pos[UPPER_INNER[k]! * 2 + 1]!);
    const u = evaluateRig(rig, visemeWeightsToTargets(rig, { U: 1 }));
    for (const k of [1, UPPER_INNER.length - 2]) expect({ k, share: parted(u, k) / parted(u, 4) > 0.6 }).toEqual({ k, share: true });
  });

  it('rounds the lips without pinching the nose: the nostrils stay where they are at U and O', async () => {
    // tabler-female-29 at 4x (a smile under a small nose): rounding's sideways field reached up to
    // the nostrils and pulled their wings 8.5 px in at 'U' (0.08 mouth widths), the cheek sliding
    // over the nostril's dark with a hard edge.
    const photo = readFileSync(listCorpusPhotos({ derived: true }).find((p) => p.id === 'tabler-female-29-4x')!.file);
    const { rig } = await buildRig(photo);
    const mouthWidth = Math.hypot(rig.vertices[61 * 2]! - rig.vertices[291 * 2]!, rig.vertices[61 * 2 + 1]! - rig.vertices[291 * 2 + 1]!);
    const nostrils = [2, 48, 64, 98, 129, 278, 294, 327, 358];
    for (const viseme of ['U', 'O'] as const) {
      const posed = evaluateRig(rig, visemeWeightsToTargets(rig, { [viseme]: 1 }));
      const moved = Math.max(...nostrils.map((i) => Math.hypot(posed[i * 2]! - rig.vertices[i * 2]!, posed[i * 2 + 1]! - rig.vertices[i * 2 + 1]!)));
      expect({ viseme, still: moved < 0.02 * mouthWidth }).toEqual({ viseme, still: true });
    }
  });

  it('rounds a smile\'s lips without creasing the skin beside its corners: none squeezed below half its width', async () => {
    // astronaut.png at 'U': rounding's squeeze, a field over the skin, narrowed the laugh lines
    // beside both corners to a quarter of their width, two sharp dark creases.
    const { rig } = await buildRig(readFixture('astronaut.png'));
    for (const viseme of ['U', 'O', 'CH'] as const) {
      const squeezed = mostSqueezedSkin(rig, evaluateRig(rig, visemeWeightsToTargets(rig, { [viseme]: 1 })));
      expect({ viseme, squeezed, halfOrMore: squeezed >= 0.5 }).toEqual({ viseme, squeezed, halfOrMore: true });
    }
  });

  it('lets go of a smile as the lips round: the corners of a closed smile come down level with the lip\'s middle', async () => {
    // clm-audrey's corners sit 8 and 6 px above the middle of her upper inner lip; kept half as
    // high at 'U', the rounded lips were a smile's crescent.
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'clm-audrey')!.file);
    const { rig } = await buildRig(photo);
    const u = evaluateRig(rig, visemeWeightsToTargets(rig, { U: 1 }));
    const above = (pos: ArrayLike<number>, corner: number) => pos[UPPER_INNER[4] * 2 + 1]! - pos[corner * 2 + 1]!;
    for (const corner of MOUTH_CORNER_INNER) {
      expect(above(rig.vertices, corner)).toBeGreaterThan(4);
      expect({ corner, relaxed: above(u, corner) < 0.3 * above(rig.vertices, corner) }).toEqual({ corner, relaxed: true });
    }
  });

  it('opens a smile onto its cavity under the upper teeth, where a lit lower lip lay close under them', async () => {
    // tabler-male-14 at 4x: its glossy lower lip, lit under the upper teeth, passed for lower teeth;
    // the opening took it in, and 'aa' showed the lip under the teeth in a thin dark crescent
    // (luma 164 and 168 at 50% and 60% of the way from the upper inner lip's middle to the lower's).
    const photo = readFileSync(listCorpusPhotos({ derived: true }).find((p) => p.id === 'tabler-male-14-4x')!.file);
    const built = await buildRig(photo);
    const lumaAt = lumaAcrossOpening(built.rig, await decodeTextures(built.textures), visemeWeightsToTargets(built.rig, { aa: 1 }));
    for (const t of [0.6, 0.7]) expect({ t, dark: lumaAt(t) < 60 }).toEqual({ t, dark: true });
  });

  it('shows a smile\'s lower teeth over its lower lip at E and I, below a dark gap: not a black crescent round the upper teeth', async () => {
    // skimage-astronaut: the lower teeth went down a third as far as the lip and stayed under it
    // until 'aa'; 'E' and 'I' opened on a black band from corner to corner (luma at most 68 and 40
    // just above the lip's middle), now on the teeth's tops (168 and 149).
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'skimage-astronaut')!.file);
    const built = await buildRig(photo);
    const textures = await decodeTextures(built.textures);
    for (const viseme of ['E', 'I'] as const) {
      const lumaAt = lumaAcrossOpening(built.rig, textures, visemeWeightsToTargets(built.rig, { [viseme]: 1 }));
      const along = (from: number, to: number) => Array.from({ length: Math.round((to - from) / 0.05) + 1 }, (_, k) => lumaAt(from + k * 0.05));
      expect({ viseme, lowerTeeth: Math.max(...along(0.8, 0.95)) > 120, gap: Math.min(...along(0.55, 0.85)) < 60 }).toEqual({ viseme, lowerTeeth: true, gap: true });
    }
  });

  it('opens a mouth whose teeth show at rest to a wide \'aa\', never a yell', async () => {
    // clm-chuck-crop grins with its teeth apart: its full drop on top opened the lips 0.63 mouth
    // widths, and Human's mesh put the lower lip inside the cavity (gap read 0.26; 0.33 at 0.59).
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'clm-chuck-crop')!.file);
    const { rig } = await buildRig(photo);
    const open = evaluateRig(rig, visemeWeightsToTargets(rig, { aa: 1 }));
    const dist = (pos: ArrayLike<number>, a: number, b: number) => Math.hypot(pos[a * 2]! - pos[b * 2]!, pos[a * 2 + 1]! - pos[b * 2 + 1]!);
    const opening = dist(open, 13, 14) / dist(open, 61, 291);
    expect(opening).toBeGreaterThan(0.5);
    expect(opening).toBeLessThan(0.6);
  });


  it('speaks through a laugh with its mouth coming up between sounds, not held open: only \'aa\' opens as wide as the photo', async () => {
    // softui-ivana laughs, her lips 0.59 of her mouth's width apart: every viseme opened from there, and she
    // spoke a whole sentence with her mouth open in that laugh, shut for m, b and p alone.
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'softui-ivana')!.file);
    const { rig } = await buildRig(photo);
    const opening = (visemes: Partial<Record<string, number>>) => {
      const pos = evaluateRig(rig, visemeWeightsToTargets(rig, visemes));
      return innerLipGap((i) => [pos[i * 2]!, pos[i * 2 + 1]!]);
    };
    const photoOpening = opening({});
    expect(photoOpening).toBeGreaterThan(0.3);
    // Between words the lips come to a relaxed parting; consonants and small vowels open less than
    // the laugh, in the order of their jaw; 'aa' at least as wide as the laugh.
    expect(opening({ sil: 1 })).toBeLessThan(0.08);
    const small = (['SS', 'nn', 'I', 'E'] as const).map((viseme) => opening({ [viseme]: 1 }));
    for (let k = 0; k < small.length; k++) {
      expect(small[k]).toBeLessThan(0.75 * photoOpening);
      if (k > 0) expect(small[k]).toBeGreaterThan(small[k - 1]!);
    }
    expect(opening({ aa: 1 })).toBeGreaterThanOrEqual(photoOpening);
    expect(opening({ PP: 1 })).toBeLessThan(0.01);
  });
  it('drops both halves of the lower lip alike on a noisy photo: the lip near a corner may fold rather than hold the jaw', async () => {
    // md-team-1-noise: a thin lower-lip triangle beside the image-right corner folded at 'aa' (its
    // corner vertex drops little, the column beside it a lot), and relieving it shrank that half of
    // the jaw's drop (0.38 -> 0.11 mouth widths): the cavity opened as a V with a streak of
    // stretched lip under it.
    const photo = readFileSync(listCorpusPhotos({ derived: true }).find((p) => p.id === 'md-team-1-noise')!.file);
    const { rig } = await buildRig(photo);
    const open = evaluateRig(rig, visemeWeightsToTargets(rig, { aa: 1 }));
    const drop = (k: number) => Math.hypot(open[LOWER_INNER[k]! * 2]! - rig.vertices[LOWER_INNER[k]! * 2]!, open[LOWER_INNER[k]! * 2 + 1]! - rig.vertices[LOWER_INNER[k]! * 2 + 1]!);
    // Columns 2 and 6 lie as far from the middle (4) on either side.
    expect(drop(6)).toBeGreaterThan(0.8 * drop(2));
  });

  it('drops the lower lip with the jaw on a face turned 28 degrees', async () => {
    // tabler-male-28: a sliver of skin under the far side of the lower lip, seen nearly edge-on,
    // folded when the jaw opened, and relieving it shrank the whole jaw (lower lip 5 px, chin 29 px).
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'tabler-male-28')!.file);
    const { rig } = await buildRig(photo);
    const open = evaluateRig(rig, { jawOpen: 1 });
    const drop = (i: number) => Math.hypot(open[i * 2]! - rig.vertices[i * 2]!, open[i * 2 + 1]! - rig.vertices[i * 2 + 1]!);
    expect(drop(14)).toBeGreaterThan(0.8 * drop(152));
  });
});

describe('the open mouth of a turned face', () => {
  it('tapers into its far corner as into the near one: no vertical wall', async () => {
    // opencv-230501201-1, turned 18 degrees: the lip column beside the far inner corner lies close
    // to it in the picture; parted 4 times its distance from the corner, the mouth ended in a wall.
    const photo = listCorpusPhotos().find((p) => p.id === 'opencv-230501201-1')!;
    const { rig } = await buildRig(readFileSync(photo.file));
    const open = evaluateRig(rig, { jawOpen: 1 });
    const at = (pos: ArrayLike<number>, i: number) => [pos[i * 2]!, pos[i * 2 + 1]!] as const;
    for (const [k, corner] of [[0, MOUTH_CORNER_INNER[0]], [LOWER_INNER.length - 1, MOUTH_CORNER_INNER[1]]] as const) {
      const gap = (pos: ArrayLike<number>) => Math.hypot(at(pos, LOWER_INNER[k]!)[0] - at(pos, UPPER_INNER[k]!)[0], at(pos, LOWER_INNER[k]!)[1] - at(pos, UPPER_INNER[k]!)[1]);
      const parting = gap(open) - gap(rig.vertices);
      const [x, y] = at(rig.vertices, LOWER_INNER[k]!), [cx, cy] = at(rig.vertices, corner);
      expect(parting).toBeLessThan(3.3 * Math.hypot(x - cx, y - cy));
    }
  });
});
