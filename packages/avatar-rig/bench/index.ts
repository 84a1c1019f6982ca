import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { analyseFace } from '@avatar-factory/face-analysis';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { evaluateRig } from '../src/evaluate';
import { buildRig, portraitPng } from '../src/node';
import { RIG_TARGETS, type RigWeights } from '../src/types';

type Row = { name: string; value: number; unit: string; goal?: string };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Photo -> rig -> portrait PNG on a 1024 px JPEG, face analysis alone, rig evaluation per frame. */
export async function benchRows(): Promise<Row[]> {
  const photo512 = readFileSync(path.join(import.meta.dirname, '../../../fixtures/faces/astronaut.png'));
  // A 1024 px JPEG as users upload them: the 512 px fixture upscaled with Lanczos.
  const photo1024 = await sharp(photo512).resize(1024, 1024, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();

  const coldMs = await timed(() => analyseFace(photo512)); // includes loading the models (once per process)
  const analysis512: number[] = [], analysis1024: number[] = [], full: number[] = [];
  for (let run = 0; run < 5; run++) {
    analysis512.push(await timed(() => analyseFace(photo512)));
    analysis1024.push(await timed(() => analyseFace(photo1024)));
    full.push(await timed(async () => {
      const { rig, textures } = await buildRig(photo1024);
      await portraitPng(rig, textures);
    }));
  }

  const { rig } = await buildRig(photo1024);
  const out = new Float32Array(rig.vertices.length);
  const frames: number[] = [];
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let frame = 0; frame < 2000; frame++) {
    const weights: RigWeights = {};
    for (const name of RIG_TARGETS) weights[name] = name.startsWith('head') ? random() * 2 - 1 : random();
    const start = performance.now();
    evaluateRig(rig, weights, out);
    frames.push(performance.now() - start);
  }
  const corpus = await corpusRows();
  return [
    ...corpus,
    { name: 'avatar-rig: photo -> rig + portrait PNG, 1024 px JPEG (p50, models warm)', value: round(median(full)), unit: 'ms', goal: '<= 2000' },
    { name: 'avatar-rig: evaluateRig per frame (p50, all 12 targets)', value: round(median(frames), 4), unit: 'ms', goal: '<= 4' },
    { name: 'face-analysis: first call in a process (model load + 512 px)', value: round(coldMs), unit: 'ms' },
    { name: 'face-analysis: 512 px photo (p50, two passes)', value: round(median(analysis512)), unit: 'ms' },
    { name: 'face-analysis: 1024 px JPEG (p50, two passes)', value: round(median(analysis1024)), unit: 'ms' },
  ];
}

/**
 * The in-range corpus (fixtures/faces/corpus.json, derived variants included): how many become
 * avatars, and photo -> face analysis + rig + portrait per photo (the face part of a finished avatar).
 */
async function corpusRows(): Promise<Row[]> {
  const photos = listCorpusPhotos({ derived: true }).filter((p) => p.expected.range === 'in-range');
  let completed = 0;
  const times: number[] = [];
  for (const photo of photos) {
    const image = readFileSync(photo.file);
    const started = performance.now();
    const face = await analyseFace(image);
    if (!face.ok) continue;
    const { rig, textures } = await buildRig(image, face);
    await portraitPng(rig, textures);
    times.push(performance.now() - started);
    completed++;
  }
  return [
    { name: `avatar-rig: in-range corpus photos that become avatars (of ${photos.length})`, value: round((100 * completed) / photos.length), unit: '%', goal: '100' },
    { name: 'avatar-rig: corpus photo -> analysis + rig + portrait PNG (p50)', value: round(median(times)), unit: 'ms', goal: '<= 2000' },
    { name: 'avatar-rig: corpus photo -> analysis + rig + portrait PNG (max)', value: round(Math.max(...times)), unit: 'ms' },
  ];
}

