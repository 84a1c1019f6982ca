import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseFace } from './analyse-face';
import { listCorpusPhotos } from './corpus';
import type { MeshPoint } from './types';

const TURN_DEG = 20;
const mouth = (mesh: MeshPoint[]): [number, number] => [(mesh[13]![0] + mesh[14]![0]) / 2, (mesh[13]![1] + mesh[14]![1]) / 2];
const eyeDistance = (mesh: MeshPoint[]) => Math.hypot(mesh[263]![0] - mesh[33]![0], mesh[263]![1] - mesh[33]![1]);

describe('a face read a second time, framed closer', () => {
  it.each(['its dominant colour', 'grey'])('is found where it is when Human first fits its mesh a feature too low (softui-ivana, laughing among her hair, turned 20 degrees, the corners filled with %s)', { timeout: 90_000 }, async (ground) => {
    const file = listCorpusPhotos().find((p) => p.id === 'softui-ivana')!.file;
    const upright = await analyseFace(readFileSync(file));
    if (!upright.ok) throw new Error(upright.message);
    // The photo turned as a tilted camera takes it. On grey, the third look agreed on the face but
    // not on her eyes under the hair once steadied, and the first reading stood.
    const { width, height } = await sharp(file).metadata();
    const { dominant } = await sharp(file).stats();
    const background = ground === 'grey' ? { r: 128, g: 128, b: 128 } : { r: dominant.r, g: dominant.g, b: dominant.b };
    const turned = await sharp(file).rotate(TURN_DEG, { background }).png().toBuffer();
    const size = await sharp(turned).metadata();
    // Where the upright reading's mouth lands in the turned photo (sharp turns clockwise about the centre and grows the canvas).
    const a = (TURN_DEG * Math.PI) / 180, [x, y] = mouth(upright.mesh);
    const dx = x - width! / 2, dy = y - height! / 2;
    const expected = [Math.cos(a) * dx - Math.sin(a) * dy + size.width! / 2, Math.sin(a) * dx + Math.cos(a) * dy + size.height! / 2];
    const off = (mesh: MeshPoint[]) => Math.hypot(mouth(mesh)[0] - expected[0]!, mouth(mesh)[1] - expected[1]!) / eyeDistance(upright.mesh);

    const first = await analyseFace(turned, { checkRange: false, confirm: false });
    const confirmed = await analyseFace(turned);
    if (!first.ok || !confirmed.ok) throw new Error('expected the face');
    // Read once, the mouth sat on the chin (0.39 eye distances low, its eyes on the upper lip); read again, it is on the mouth (0.04).
    expect(off(first.mesh)).toBeGreaterThan(0.3);
    expect(off(confirmed.mesh)).toBeLessThan(0.15);
    expect(Math.abs(confirmed.measurements.rollDeg - upright.measurements.rollDeg - TURN_DEG)).toBeLessThan(5);
  });

  it('is not refused for a pose its first, misfit reading made up (a hand over the mouth, the photo turned 10 degrees)', { timeout: 90_000 }, async () => {
    // softui-annie-spratt, her hand over her mouth, tilted 8 degrees as taken: turned 10 degrees
    // the other way, the first reading fitted the mesh askew and read a head tilted 39 degrees,
    // and the photo was refused without the second look a face in range gets.
    const file = listCorpusPhotos().find((p) => p.id === 'softui-annie-spratt')!.file;
    const upright = await analyseFace(readFileSync(file));
    if (!upright.ok) throw new Error(upright.message);
    const turned = await sharp(file).rotate(-10, { background: { r: 128, g: 128, b: 128 } }).png().toBuffer();
    const first = await analyseFace(turned, { checkRange: false, confirm: false });
    if (!first.ok) throw new Error(first.message);
    expect(Math.abs(first.measurements.rollDeg)).toBeGreaterThan(35);
    const confirmed = await analyseFace(turned);
    if (!confirmed.ok) throw new Error(confirmed.message);
    expect(Math.abs(confirmed.measurements.rollDeg - (upright.measurements.rollDeg - 10))).toBeLessThan(5);
  });

  it('is no face when Human fits its mesh on something a closer look does not show at all (softui-ivana with a yellow cast)', { timeout: 60_000 }, async () => {
    // Full size, hue turned 27 degrees, gamma 2.26, JPEG 55: the first reading, at 0.71, put the
    // eyes on her mouth and the mouth on her neck, and her avatar opened its mouth there. Framed
    // on that reading, Human finds nothing; refused, she can upload another photo.
    const photo = readFileSync(listCorpusPhotos().find((p) => p.id === 'softui-ivana')!.file);
    const cast = await sharp(photo).resize(905).gamma(2.26).modulate({ brightness: 0.97, saturation: 1.03, hue: 27 }).jpeg({ quality: 55 }).toBuffer();
    expect(await analyseFace(cast, { confirm: false })).toMatchObject({ ok: true });
    expect(await analyseFace(cast)).toMatchObject({ ok: false, code: 'no_face', message: 'No face was found in the photo.' });
  });

  it('leaves a face read the same way twice as first read', async () => {
    const file = listCorpusPhotos().find((p) => p.id === 'softui-ivana')!.file;
    const [once, confirmed] = [await analyseFace(readFileSync(file), { confirm: false }), await analyseFace(readFileSync(file))];
    if (!once.ok || !confirmed.ok) throw new Error('expected the face');
    expect(confirmed.mesh).toEqual(once.mesh);
  });
});

describe('a face cut by the photo\'s edge', () => {
  const corpus = listCorpusPhotos({ derived: true });
  const photo = (id: string) => readFileSync(corpus.find((p) => p.id === id)!.file);

  it('gets the same decision as its mirror image: in range, or refused with the share that is cut', { timeout: 60_000 }, async () => {
    const both = async (id: string) => [await analyseFace(photo(id)), await analyseFace(await sharp(photo(id)).flop().png().toBuffer())];
    // clm-queen20-crop read 4.3% cut off as taken and 10.9% mirrored, one reading alone: the mirror image was refused.
    for (const reading of await both('clm-queen20-crop')) expect(reading.ok).toBe(true);
    // md-team-1 cut at the top: 18.3% of the outline of its mesh in the uncut photo lies above the
    // cut. One reading said 22.0% (22.7% mirrored); the readings with room around it, 16.7 and 15.5.
    for (const reading of await both('md-team-1-cut-top-154')) expect(reading).toMatchObject({ ok: false, code: 'face_cut_off', message: '18% of the face is cut off by the edge of the photo; up to 10% works.' });
  });

  it('keeps its decision at another size: a tight headshot made 132 px high is still in range', { timeout: 60_000 }, async () => {
    // clm-justin-bieber2-crop read 7.5% cut off as taken and 11.2% at 132 px high (refused), with
    // the mirror image's reading averaged in.
    const headshot = photo('clm-justin-bieber2-crop');
    const taken = await analyseFace(headshot);
    if (!taken.ok) throw new Error(taken.message);
    const scale = 132 / taken.measurements.faceHeightPx;
    const { width, height } = await sharp(headshot).metadata();
    const small = await sharp(headshot).resize(Math.round(width! * scale), Math.round(height! * scale), { kernel: 'lanczos3' }).png().toBuffer();
    const reading = await analyseFace(small);
    expect(reading).toMatchObject({ ok: true });
    if (reading.ok) expect(reading.measurements.cutOffShare).toBeLessThan(0.1);
  });
});

describe('a face found only in part', () => {
  it('is looked for again around that part: softui-ivana in a dim, noisy room is found whole, not refused as too small', { timeout: 60_000 }, async () => {
    // 0.4 exposure and sensor noise (sigma 6), saved as a phone would; the seed is the one a sweep
    // of dimmed corpus photos reached at hers. Human's detector found a 90 px part of her face,
    // "102 px high", and the photo was refused (most other seeds find the whole face at once).
    const photo = listCorpusPhotos().find((p) => p.id === 'softui-ivana')!.file;
    const { data, info } = await sharp(photo).removeAlpha().linear(0.4, 0).raw().toBuffer({ resolveWithObject: true });
    let seed = 1055397376;
    const uniform = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed / 0x7fffffff);
    for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + (uniform() + uniform() + uniform() - 1.5) * 12)));
    const dim = await sharp(data, { raw: info }).jpeg({ quality: 80 }).toBuffer();
    const reading = await analyseFace(dim);
    if (!reading.ok) throw new Error(reading.message);
    // Her face as taken: about 300 px high, its mesh box 211 x 252 px at (336, 594).
    expect(reading.measurements.faceHeightPx).toBeGreaterThan(240);
    expect(reading.box.x).toBeGreaterThan(300);
    expect(reading.box.x + reading.box.width).toBeLessThan(580);
  });
});
