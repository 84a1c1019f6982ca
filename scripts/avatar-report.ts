// `npm run avatar-report -- DIR [--out OUT] [--turn 90|180|270]`: runs the product's avatar
// pipeline on every photo in DIR and writes OUT/report.json, one contact sheet per photo
// (OUT/<photo>.png), OUT/index.html, and a table on stdout. Numbers and pictures come from the
// product's own CPU renderer. --turn first turns each photo clockwise by that much, EXIF
// orientation dropped: a photo as a phone or an editor may store it, with nothing to say so.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { decodeTextures } from '@avatar-factory/avatar-rig/node';
import { closesEnough, contactSheet, geometryQuality, mouthGap, nonFiniteNumbers, openAtBlink, opensEnough, QUALITY_GOALS, rigMouthGap, shutsOnBlink, skinSqueeze } from '@avatar-factory/avatar-rig/quality';
import { avatarPipeline } from '../apps/server/src/engines/avatar-pipeline';

interface PhotoReport {
  file: string;
  status: 'completed' | 'refused';
  reason: string | null;
  yawDeg: number | null;
  rollDeg: number | null;
  pitchDeg: number | null;
  ms: number | null;
  restPsnrDb: number | null;
  interiorOutsideLipsPx: number | null;
  holesPx: number | null;
  mouthGapAa: number | null;
  mouthGapPp: number | null;
  /**
   * The same reader on the rest frame, which is the photo: the control for the two above. Where
   * it reads the photo's own closed mouth above 0.05, or its open mouth as the same gap at PP, the
   * reader sees its expectation for the face rather than the lips.
   */
  mouthGapRest: number | null;
  /**
   * The gap the rig itself draws at 'aa' and 'PP' (rigMouthGap: the same landmarks on the rig's
   * geometry): a reading far from it is the reader's, not the mouth's.
   */
  rigGapAa: number | null;
  rigGapPp: number | null;
  /** How open a full blink leaves the eyes: the most of its rest gap a middle lid column keeps (0: both shut; see openAtBlink). */
  openAtBlink: number | null;
  /** How many of the rig's numbers are not finite (NaN saves as null: the avatar draws triangles nowhere); 0 for a sound rig. */
  nonFiniteNumbers: number | null;
  /**
   * The most any skin of the face is squeezed at any viseme (skinSqueeze: 1 unchanged, 0.5 to half
   * its width, below 0 turned over), and at which: a crease or a fold no coverage check sees.
   */
  skinSqueeze: number | null;
  skinSqueezeAt: string | null;
}

const PHOTO = /\.(jpe?g|png|webp)$/i;
const round = (x: number | null, digits: number) => (x === null || !Number.isFinite(x) ? x : Number(x.toFixed(digits)));

async function reportPhoto(file: string, outDir: string, turn: number): Promise<PhotoReport> {
  const started = performance.now();
  const base: PhotoReport = { file: path.basename(file), status: 'refused', reason: null, yawDeg: null, rollDeg: null, pitchDeg: null, ms: null, restPsnrDb: null, interiorOutsideLipsPx: null, holesPx: null, mouthGapAa: null, mouthGapPp: null, mouthGapRest: null, rigGapAa: null, rigGapPp: null, openAtBlink: null, nonFiniteNumbers: null, skinSqueeze: null, skinSqueezeAt: null };
  let image: Buffer;
  try {
    const photo = fs.readFileSync(file);
    image = await avatarPipeline.normalise(turn ? await sharp(photo).autoOrient().rotate(turn).png().toBuffer() : photo);
  } catch (error) {
    return { ...base, reason: `not an image: ${(error as Error).message}` };
  }
  const analysed = await avatarPipeline.analyse(image);
  const face = analysed.face;
  const pose = face.measurements;
  // A face found only in the mirror image (see avatarPipeline.analyse) turns and tilts the other way there.
  const side = analysed.mirrored ? -1 : 1;
  const measured = { yawDeg: round(pose ? side * pose.yawDeg : null, 1), rollDeg: round(pose ? side * pose.rollDeg : null, 1), pitchDeg: round(pose?.pitchDeg ?? null, 1) };
  if (!face.ok) return { ...base, ...measured, reason: face.message };
  const { rig, textures } = await avatarPipeline.buildRig(analysed.image, face, { mirrored: analysed.mirrored });
  await avatarPipeline.renderPortrait(rig, textures);
  const ms = Math.round(performance.now() - started);

  const decoded = await decodeTextures(textures);
  const geometry = geometryQuality(rig, decoded);
  const nonFinite = nonFiniteNumbers(rig);
  // The reader and the sheet crop around the rig's face box: a non-finite one is reported, not read.
  const read = async (viseme: 'aa' | 'PP' | 'rest') => (nonFinite ? null : mouthGap(rig, decoded, viseme));
  const [aa, pp, rest] = [await read('aa'), await read('PP'), await read('rest')];
  if (!nonFinite) fs.writeFileSync(path.join(outDir, `${base.file}.png`), await contactSheet(rig, decoded, base.file));
  const squeeze = skinSqueeze(rig);
  return {
    ...base, ...measured, status: 'completed', ms,
    restPsnrDb: Number.isFinite(geometry.restPsnrDb) ? round(geometry.restPsnrDb, 1) : 99,
    interiorOutsideLipsPx: geometry.interiorOutsideLipsPx,
    holesPx: geometry.holesPx,
    mouthGapAa: round(aa, 3),
    mouthGapPp: round(pp, 3),
    mouthGapRest: round(rest, 3),
    rigGapAa: round(rigMouthGap(rig, 'aa'), 3),
    rigGapPp: round(rigMouthGap(rig, 'PP'), 3),
    openAtBlink: round(openAtBlink(rig), 2),
    nonFiniteNumbers: nonFinite,
    skinSqueeze: round(squeeze.least, 2),
    skinSqueezeAt: squeeze.viseme,
  };
}

const cell = (x: unknown) => (x === null || x === undefined ? '-' : String(x));

function table(rows: PhotoReport[]): string {
  const head = ['file', 'status', 'yaw', 'roll', 'pitch', 'ms', 'psnr', 'outside', 'holes', 'gap aa', 'gap PP', 'gap rest', 'rig aa', 'rig PP', 'blink open', 'non-finite', 'squeeze'];
  const body = rows.map((r) => [r.file, r.status, r.yawDeg, r.rollDeg, r.pitchDeg, r.ms, r.restPsnrDb, r.interiorOutsideLipsPx, r.holesPx, r.mouthGapAa, r.mouthGapPp, r.mouthGapRest, r.rigGapAa, r.rigGapPp, r.openAtBlink, r.nonFiniteNumbers, r.skinSqueeze === null ? null : `${r.skinSqueeze} ${r.skinSqueezeAt}`].map(cell));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), ...body.map(line)].join('\n');
}

/** How many completed avatars reach each of issue 9's goals, and the photo -> avatar times: the report's last line. */
function summary(rows: PhotoReport[]): string {
  const done = rows.filter((r) => r.status === 'completed');
  const goals = {
    psnr: (r: PhotoReport) => (r.restPsnrDb ?? 0) >= QUALITY_GOALS.minRestPsnrDb,
    inside: (r: PhotoReport) => r.interiorOutsideLipsPx === 0,
    whole: (r: PhotoReport) => r.holesPx === 0,
    finite: (r: PhotoReport) => r.nonFiniteNumbers === 0,
    aa: (r: PhotoReport) => opensEnough(r.mouthGapAa),
    pp: (r: PhotoReport) => closesEnough(r.mouthGapPp),
  };
  const count = (goal: (r: PhotoReport) => boolean) => done.filter(goal).length;
  const all = count((r) => Object.values(goals).every((goal) => goal(r)));
  const ms = done.map((r) => r.ms ?? 0).sort((a, b) => a - b);
  const times = ms.length ? `; photo -> avatar p50 ${ms[Math.floor(ms.length / 2)]} ms, max ${ms[ms.length - 1]} ms` : '';
  return `${done.length} of ${rows.length} completed. Of those: rest PSNR >= ${QUALITY_GOALS.minRestPsnrDb} dB ${count(goals.psnr)}, `
    + `no mouth outside the lips ${count(goals.inside)}, no holes ${count(goals.whole)}, rig of finite numbers ${count(goals.finite)}, gap aa >= ${QUALITY_GOALS.minMouthGapAa} ${count(goals.aa)}, `
    + `gap PP <= ${QUALITY_GOALS.maxMouthGapPp} ${count(goals.pp)}, every goal ${all}; both eyes shut on a blink ${count((r) => shutsOnBlink(r.openAtBlink))}, skin never squeezed below half its width ${count((r) => (r.skinSqueeze ?? 0) >= 0.5)}${times}`;
}

function indexHtml(rows: PhotoReport[]): string {
  const esc = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const items = rows.map((r) => `<section><h2>${esc(r.file)}: ${r.status}</h2><p>${esc(r.reason ?? `restPsnr ${cell(r.restPsnrDb)} dB, interior outside lips ${cell(r.interiorOutsideLipsPx)} px, holes ${cell(r.holesPx)} px, mouth gap aa ${cell(r.mouthGapAa)}, PP ${cell(r.mouthGapPp)} (rest ${cell(r.mouthGapRest)}; the rig draws aa ${cell(r.rigGapAa)}, PP ${cell(r.rigGapPp)}), eyes open at a blink ${cell(r.openAtBlink)}, non-finite numbers in the rig ${cell(r.nonFiniteNumbers)}, skin squeezed to ${cell(r.skinSqueeze)} at ${cell(r.skinSqueezeAt)}, ${cell(r.ms)} ms`)}</p>${r.status === 'completed' && r.nonFiniteNumbers === 0 ? `<img src="${encodeURIComponent(r.file)}.png" alt="${esc(r.file)} contact sheet" loading="lazy">` : ''}</section>`);
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Avatar report</title><style>body{font-family:sans-serif;background:#111;color:#eee}img{max-width:100%}section{margin:1em 0}</style><h1>Avatar report</h1><p>${esc(summary(rows))}</p>${items.join('\n')}</html>\n`;
}

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, turn: { type: 'string', default: '0' } } });
  const dir = positionals[0];
  const turn = Number(values.turn);
  if (!dir || !fs.existsSync(dir) || !fs.statSync(dir).isDirectory() || ![0, 90, 180, 270].includes(turn)) {
    console.error('usage: npm run avatar-report -- DIR [--out OUT] [--turn 90|180|270]   (DIR: a folder of photos)');
    process.exit(2);
  }
  const outDir = path.resolve(values.out ?? 'avatar-report');
  fs.mkdirSync(outDir, { recursive: true });
  const files = fs.readdirSync(dir).filter((f) => PHOTO.test(f)).sort().map((f) => path.join(dir, f));
  const photos: PhotoReport[] = [];
  for (const file of files) {
    const row = await reportPhoto(file, outDir, turn);
    photos.push(row);
    console.error(`${row.file}: ${row.status}${row.reason ? ` (${row.reason})` : ''}`);
  }
  fs.writeFileSync(path.join(outDir, 'report.json'), `${JSON.stringify({ photos }, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, 'index.html'), indexHtml(photos));
  console.log(table(photos));
  console.log(`\n${summary(photos)}\nReport in ${outDir}`);
}

await main();
