import { createSpeechEngine } from '@avatar-factory/speech';
import { describe, expect, it } from 'vitest';
import { convertWithModel } from './convert.ts';
import { analyseFeatures, logF0Stats, medianF0 } from './features.ts';
import { meanMcd, melCepstralDistortion } from './mcd.ts';
import { createPersonalVoice } from './personal-voice.ts';
import { englishPair, japanesePair } from './testing/fixture-pairs.ts';
import { highBandShareDb, rmsDb } from './testing/spectral-balance.ts';
import { trainVoiceModel } from './train.ts';
import type { TrainingPair } from './training-pair.ts';
import type { VoiceModelData } from './voice-model-data.ts';

/**
 * Objective tests of voice conversion: a model trained on a 'speaker' whose takes come from another
 * voice than the base must bring the base voice at least 3 dB (MCD) closer to held-out takes of
 * that speaker, and its median F0 within 10 % of the speaker's. End to end on waveforms: convert,
 * resynthesise with WORLD, analyse again.
 */
async function evaluate(model: VoiceModelData, heldOut: TrainingPair[]) {
  const before = [];
  const after = [];
  const takeF0: Float64Array[] = [];
  const convertedF0: Float64Array[] = [];
  const balance: Array<{ levelChangeDb: number; highShareDb: number; takeHighShareDb: number }> = [];
  for (const p of heldOut) {
    const converted = await convertWithModel(model, p.base, p.sampleRate);
    balance.push({
      levelChangeDb: rmsDb(converted.samples) - rmsDb(p.base),
      highShareDb: highBandShareDb(converted.samples, converted.sampleRate, 5000),
      takeHighShareDb: highBandShareDb(p.take, p.sampleRate, 5000),
    });
    const take = await analyseFeatures(p.take, p.sampleRate, { framePeriodMs: 10 });
    const base = await analyseFeatures(p.base, p.sampleRate, { framePeriodMs: 10 });
    const conv = await analyseFeatures(converted.samples, converted.sampleRate, { framePeriodMs: 10 });
    before.push(await melCepstralDistortion(take, base));
    after.push(await melCepstralDistortion(take, conv));
    takeF0.push(take.frames.f0);
    convertedF0.push(conv.frames.f0);
  }
  return {
    mcdBefore: meanMcd(before),
    mcdAfter: meanMcd(after),
    takeF0: logF0Stats(takeF0).medianHz,
    convertedF0: logF0Stats(convertedF0).medianHz,
    balance,
  };
}

/**
 * Listening by measurement: the converted voice is as loud as the base rendering (the mapping
 * changes timbre, not level) and has no more energy above 5 kHz than the speaker's own takes give
 * (an over-bright conversion hisses on every fricative).
 */
function expectNaturalBalance(balance: Array<{ levelChangeDb: number; highShareDb: number; takeHighShareDb: number }>) {
  for (const b of balance) {
    console.info(`level change ${b.levelChangeDb.toFixed(1)} dB; energy above 5 kHz ${b.highShareDb.toFixed(1)} dB (speaker ${b.takeHighShareDb.toFixed(1)} dB)`);
    expect(Math.abs(b.levelChangeDb)).toBeLessThanOrEqual(3);
    expect(b.highShareDb).toBeLessThanOrEqual(b.takeHighShareDb + 3);
  }
}

describe('voice conversion, objective', () => {
  it('Japanese: m001 base converted towards a Mei speaker (-5 semitones) on held-out sentences', async () => {
    const train = [1, 2, 3, 4, 5].map(japanesePair);
    const heldOut = [7, 8].map(japanesePair);
    // The production defaults: 8 mixtures, 15 EM iterations, 3 alignment passes.
    const model = await trainVoiceModel(train, { baseVoice: 'male', heldOutFraction: 0 });
    const r = await evaluate(model, heldOut);
    console.info(`ja MCD ${r.mcdBefore.toFixed(2)} -> ${r.mcdAfter.toFixed(2)} dB; F0 take ${r.takeF0.toFixed(0)} Hz, converted ${r.convertedF0.toFixed(0)} Hz`);
    expect(r.mcdBefore - r.mcdAfter).toBeGreaterThanOrEqual(3);
    expect(Math.abs(r.convertedF0 / r.takeF0 - 1)).toBeLessThanOrEqual(0.1);
    // The base voice itself is far from the speaker: the F0 test is not passed by accident.
    expect(model.f0.source.medianHz).toBeLessThan(0.6 * r.takeF0);
    expectNaturalBalance(r.balance);

    // Through the speech engine: a sentence never recorded, spoken with the model as PersonalVoice.
    const engine = createSpeechEngine();
    const spoken = await engine.synthesize({
      text: '来月から、新しい仕事を始めることになりました。',
      voice: createPersonalVoice('vm_test', model),
      language: 'ja',
    });
    const spokenF0 = await medianF0(spoken.samples, spoken.sampleRate);
    console.info(`ja speech engine with the personal voice: median F0 ${spokenF0.toFixed(0)} Hz`);
    expect(Math.abs(spokenF0 / r.takeF0 - 1)).toBeLessThanOrEqual(0.15);
    expect(spoken.durationMs).toBeCloseTo((spoken.samples.length / spoken.sampleRate) * 1000, -1);
    expect(spoken.visemes.at(-1)!.endMs).toBeLessThanOrEqual(spoken.durationMs + 1);
  }, 240_000);

  it('English: flite slt base converted towards real male recordings, held-out LibriVox sentence', async () => {
    const model = await trainVoiceModel([englishPair('0870'), englishPair('cards005')], { baseVoice: 'female', heldOutFraction: 0 });
    const heldOut = englishPair('0920');
    const r = await evaluate(model, [heldOut]);
    console.info(`en MCD ${r.mcdBefore.toFixed(2)} -> ${r.mcdAfter.toFixed(2)} dB; F0 take ${r.takeF0.toFixed(0)} Hz, converted ${r.convertedF0.toFixed(0)} Hz`);
    expect(r.mcdBefore - r.mcdAfter).toBeGreaterThanOrEqual(3);
    expect(Math.abs(r.convertedF0 / r.takeF0 - 1)).toBeLessThanOrEqual(0.1);
    expect(await medianF0(heldOut.base, heldOut.sampleRate)).toBeGreaterThan(1.4 * r.takeF0);
    expectNaturalBalance(r.balance);
  }, 240_000);
});
