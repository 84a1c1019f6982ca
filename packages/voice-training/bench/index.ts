import { availableParallelism, loadavg } from 'node:os';
import { convertWithModel } from '../src/convert.ts';
import { createPersonalVoice } from '../src/personal-voice.ts';
import { japanesePair, JAPANESE_PAIR_COUNT } from '../src/testing/fixture-pairs.ts';
import { trainVoiceModel } from '../src/train.ts';
import type { TrainingPair } from '../src/training-pair.ts';
import { serializeModel } from '../src/voice-model-data.ts';

type Row = { name: string; value: number; unit: string; goal?: string };

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Training time for 30 takes of 3 to 4 s (the 8 Japanese fixture pairs, cycled: cost depends on
 * duration, not on content), wall and CPU; conversion real-time factor; model size; and, when
 * packages/speech and its voices are installed, the real-time factor of speech with a personal voice.
 */
export async function benchRows(): Promise<Row[]> {
  const rows: Row[] = [];
  const distinct = Array.from({ length: JAPANESE_PAIR_COUNT }, (_, i) => japanesePair(i + 1));
  const pairs: TrainingPair[] = Array.from({ length: 30 }, (_, i) => distinct[i % distinct.length]!);
  const takeSeconds = pairs.reduce((s, p) => s + p.take.length / p.sampleRate, 0);

  const wall0 = performance.now();
  const cpu0 = cpuSeconds();
  const model = await trainVoiceModel(pairs, { baseVoice: 'male' });
  const trainWall = (performance.now() - wall0) / 1000;
  const trainCpu = cpuSeconds() - cpu0;
  rows.push({ name: `voice-training: train 30 takes (${round(takeSeconds / 30, 1)} s mean), wall`, value: round(trainWall, 1), unit: 's', goal: '<= 60' });
  rows.push({ name: `voice-training: train 30 takes, CPU (all threads; ${model.training.analysisThreads} analysis threads)`, value: round(trainCpu, 1), unit: 's' });
  // Wall times mean little on a shared machine: record how busy it was.
  rows.push({ name: `voice-training: load average during training (${availableParallelism()} cores)`, value: round(loadavg()[0]!, 1), unit: '' });
  rows.push({ name: 'voice-training: model JSON size', value: round(serializeModel(model).length / 1024, 1), unit: 'kB' });

  const base = distinct[0]!;
  const seconds = base.base.length / base.sampleRate;
  await convertWithModel(model, base.base, base.sampleRate); // warm-up
  const factors: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    await convertWithModel(model, base.base, base.sampleRate);
    factors.push((performance.now() - t) / 1000 / seconds);
  }
  factors.sort((a, b) => a - b);
  rows.push({ name: 'voice-training: conversion real-time factor (WORLD + GMM)', value: round(factors[1]!, 3), unit: 'x', goal: '< 0.5' });

  try {
    const speech = await import('@avatar-factory/speech');
    const engine = speech.createSpeechEngine();
    const voice = createPersonalVoice('bench', model);
    const text = '今日はとても良い天気なので、近くの公園まで歩いて行きたいと思います。';
    await engine.synthesize({ text, voice: 'male', language: 'ja' });
    const t = performance.now();
    const result = await engine.synthesize({ text, voice, language: 'ja' });
    rows.push({ name: 'voice-training: speech with a personal voice, real-time factor (ja)', value: round((performance.now() - t) / result.durationMs, 3), unit: 'x', goal: '< 0.5' });
  } catch (err) {
    console.warn(`voice-training bench: speech with a personal voice skipped (${err instanceof Error ? err.message : String(err)})`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchRows());
}
