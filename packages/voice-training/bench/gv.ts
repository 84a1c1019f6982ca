import { convertWithModel } from '../src/convert.ts';
import { analyseFeatures, type Features } from '../src/features.ts';
import { speechVariance } from '../src/global-variance.ts';
import { meanMcd, melCepstralDistortion } from '../src/mcd.ts';
import { convertFeatures } from '../src/quality.ts';
import { englishPair, japanesePair } from '../src/testing/fixture-pairs.ts';
import { trainVoiceModel } from '../src/train.ts';
import type { TrainingPair } from '../src/training-pair.ts';
import type { VoiceModelData } from '../src/voice-model-data.ts';

/**
 * GV post-filter measurement (ADR 0004): the training/held-out split of voice-conversion.test.ts,
 * held-out MCD and GV ratio (variance of the converted utterance / variance of the speaker's take,
 * over speech frames, averaged over c1..c24 and takes) for several post-filter weights.
 * End to end (convert, resynthesise, analyse again) and in the feature domain (as the quality
 * score measures). Run: `node --import tsx packages/voice-training/bench/gv.ts [w ...]`.
 */

type Utterance = { mcep: Float64Array[]; speech: Uint8Array };
const analyse = (samples: Float32Array, sampleRate: number) => analyseFeatures(samples, sampleRate, { framePeriodMs: 10 });

function gvRatio(converted: Utterance[], takes: Utterance[], dims: number): number {
  let sum = 0;
  converted.forEach((c, i) => {
    const vc = speechVariance(c.mcep, c.speech, dims)!;
    const vt = speechVariance(takes[i]!.mcep, takes[i]!.speech, dims)!;
    let r = 0;
    for (let d = 0; d < dims; d++) r += vc[d]! / vt[d]!;
    sum += r / dims;
  });
  return sum / converted.length;
}

async function mcd(takes: Features[], tests: Utterance[]): Promise<number> {
  const results = [];
  for (let i = 0; i < takes.length; i++) results.push(await melCepstralDistortion(takes[i]!, tests[i]!));
  return meanMcd(results);
}

async function measure(name: string, model: VoiceModelData, heldOut: TrainingPair[], weights: number[]) {
  const dims = model.mcep.order;
  const takes = await Promise.all(heldOut.map((p) => analyse(p.take, p.sampleRate)));
  const bases = await Promise.all(heldOut.map((p) => analyse(p.base, p.sampleRate)));
  const rows: Record<string, string | number>[] = [];
  const fmt = (v: number) => Math.round(v * 1000) / 1000;
  rows.push({ set: name, w: 'base', mcd_e2e: fmt(await mcd(takes, bases)), gv_e2e: fmt(gvRatio(bases, takes, dims)), mcd_feat: '', gv_feat: '' });
  for (const w of weights) {
    const outs: Features[] = [];
    for (const p of heldOut) {
      const y = await convertWithModel(model, p.base, p.sampleRate, { gvWeight: w });
      outs.push(await analyse(y.samples, y.sampleRate));
    }
    const feats = bases.map((b) => convertFeatures(model.gmm, model.f0, b, model.gv, w));
    rows.push({
      set: name,
      w,
      mcd_e2e: fmt(await mcd(takes, outs)),
      gv_e2e: fmt(gvRatio(outs, takes, dims)),
      mcd_feat: fmt(await mcd(takes, feats)),
      gv_feat: fmt(gvRatio(feats, takes, dims)),
    });
  }
  console.table(rows);
}

const weights = process.argv.slice(2).map(Number);
if (weights.length === 0) weights.push(0, 0.5, 0.75, 1);

const ja = await trainVoiceModel([1, 2, 3, 4, 5].map(japanesePair), { baseVoice: 'male', heldOutFraction: 0 });
await measure('ja', ja, [7, 8].map(japanesePair), weights);
const en = await trainVoiceModel([englishPair('0870'), englishPair('cards005')], { baseVoice: 'female', heldOutFraction: 0 });
await measure('en', en, [englishPair('0920')], weights);
