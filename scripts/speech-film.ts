// `npm run speech-film -- PHOTO [--text TEXT] [--voice female|male] [--crop mouth|face] [--every MS] [--out FILE]`:
// the avatar of PHOTO speaking TEXT as the player drives it (the real speech engine's visemes, the
// animator's coarticulation, blinks and head motion), a frame every MS (80) ms on the CPU renderer, laid
// out as a film strip with the viseme spoken at each frame: for judging lip sync and the mouth in
// motion, which the contact sheets (one viseme at full strength, head still) cannot show; and how far
// apart the lips are at rest and while speaking.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createAnimator, rmsEnvelope } from '@avatar-factory/avatar-renderer';
import { evaluateRig, type Rig, type RigRegion, type RigWeights } from '@avatar-factory/avatar-rig';
import { decodeTextures, renderRigRgba } from '@avatar-factory/avatar-rig/node';
import { innerLipGap } from '@avatar-factory/avatar-rig/quality';
import { synthesize } from '@avatar-factory/speech';
import { rigOfPhotoOrExit } from './support/photo-rig';

/** The animator is stepped at this rate, as a browser's frames would (its mouth spring keeps state). */
const STEP_MS = 20;
/** Idle time before the speech starts, so the first frames show the avatar at rest. */
const LEAD_MS = 400;
const TILE = 160;
const COLUMNS = 12;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      text: { type: 'string', default: 'こんにちは。今日はとてもいい天気ですね。' },
      voice: { type: 'string', default: 'female' },
      crop: { type: 'string', default: 'mouth' },
      every: { type: 'string', default: '80' },
      out: { type: 'string', default: '/tmp/speech-film.png' },
    },
  });
  const photo = positionals[0];
  const frameMs = Number(values.every);
  if (!photo || !fs.existsSync(photo) || !['female', 'male'].includes(values.voice) || !['mouth', 'face'].includes(values.crop) || !(frameMs >= STEP_MS && frameMs % STEP_MS === 0)) {
    console.error('usage: npm run speech-film -- PHOTO [--text TEXT] [--voice female|male] [--crop mouth|face] [--every MS, a multiple of 20] [--out FILE]');
    process.exit(2);
  }
  const { rig, textures } = await rigOfPhotoOrExit(photo);
  const decoded = await decodeTextures(textures);
  const speech = await synthesize({ text: values.text, voice: values.voice as 'female' | 'male' });
  const animator = createAnimator({ rig, lipsync: true });
  // The player shapes the jaw by the audio's loudness too (AudioSpeaker's envelope).
  const timeline = { startMs: LEAD_MS, visemes: speech.visemes, envelope: rmsEnvelope(speech.samples, speech.sampleRate) };
  const crop = square(values.crop === 'mouth' ? rig.face.mouth : rig.face.box, values.crop === 'mouth' ? 1.6 : 1.15, rig.width);

  const tiles: Buffer[] = [];
  const labels: string[] = [];
  const speakingApart: number[] = [];
  for (let t = 0; t <= LEAD_MS + speech.durationMs; t += STEP_MS) {
    const weights = animator.weightsAt(t, timeline);
    if (t >= LEAD_MS) speakingApart.push(lipsApart(rig, weights));
    if (t % frameMs !== 0) continue;
    const frame = renderRigRgba(rig, decoded, { ...weights });
    tiles.push(await sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 4 } }).extract(crop).resize(TILE, TILE).png().toBuffer());
    const spoken = speech.visemes.find((v) => v.startMs <= t - LEAD_MS && v.endMs > t - LEAD_MS);
    labels.push(`${t - LEAD_MS} ms ${spoken?.viseme ?? ''}`);
  }
  const rows = Math.ceil(tiles.length / COLUMNS);
  const at = (i: number) => ({ left: (i % COLUMNS) * TILE, top: Math.floor(i / COLUMNS) * TILE });
  const text = labels.map((label, i) => `<rect x="${at(i).left}" y="${at(i).top}" width="${TILE}" height="18" fill="black" fill-opacity="0.6"/><text x="${at(i).left + 4}" y="${at(i).top + 13}" font-family="sans-serif" font-size="12" fill="yellow">${label}</text>`).join('');
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${COLUMNS * TILE}" height="${rows * TILE}">${text}</svg>`);
  await sharp({ create: { width: COLUMNS * TILE, height: rows * TILE, channels: 3, background: '#000' } })
    .composite([...tiles.map((input, i) => ({ input, ...at(i) })), { input: overlay, left: 0, top: 0 }])
    .png()
    .toFile(values.out);
  console.log(`${photo} speaking "${speech.text}" (${Math.round(speech.durationMs)} ms, ${speech.visemes.length} visemes): ${tiles.length} frames in ${values.out}`);
  const sorted = speakingApart.sort((a, b) => a - b), share = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  console.log(`lips apart (mouth widths): at rest ${lipsApart(rig, {}).toFixed(2)}; speaking, every ${STEP_MS} ms: median ${share(0.5)}, 90th percentile ${share(0.9)}, most ${share(1)}`);
}

/** How far apart the inner lips are in the middle over the mouth's width (landmarks 13-14 over 61-291, as the avatar report reads a frame), posed by `weights`. */
function lipsApart(rig: Rig, weights: RigWeights): number {
  const p = evaluateRig(rig, weights);
  return innerLipGap((i) => [p[i * 2]!, p[i * 2 + 1]!]);
}

/** A square around `region` (its larger side times `scale`), inside the portrait. */
function square(region: RigRegion, scale: number, size: number): { left: number; top: number; width: number; height: number } {
  const side = Math.min(size, Math.round(Math.max(region.width, region.height) * scale));
  const clamp = (v: number) => Math.min(size - side, Math.max(0, Math.round(v - side / 2)));
  return { left: clamp(region.x + region.width / 2), top: clamp(region.y + region.height / 2), width: side, height: side };
}

await main();
