import { describe, expect, it } from 'vitest';
import { convertWithModel } from './convert.ts';
import { medianF0 } from './features.ts';
import { createPersonalVoice } from './personal-voice.ts';
import { loadFixture } from './testing/fixture-pairs.ts';
import { VOICE_MODEL_FORMAT, VOICE_MODEL_VERSION, type VoiceModelData } from './voice-model-data.ts';

/** A hand-made model whose spectral mapping is the identity and whose F0 mapping is a pure ratio. */
function identityModel(f0Ratio: number): VoiceModelData {
  const dims = 24;
  const zeros = Array.from({ length: dims }, () => 0);
  const ones = Array.from({ length: dims }, () => 1);
  return {
    format: VOICE_MODEL_FORMAT,
    version: VOICE_MODEL_VERSION,
    baseVoice: 'male',
    sampleRate: 16000,
    mcep: { order: dims, alpha: 0.42 },
    // y = mu_y + cxy / vx * (x - mu_x) = x
    gmm: { weights: [1], meanX: [zeros], meanY: [zeros], varX: [ones], varY: [ones], covXY: [ones.map(() => 0.99)] },
    f0: {
      source: { mean: Math.log(100), std: 0.2, medianHz: 100 },
      target: { mean: Math.log(100 * f0Ratio), std: 0.2, medianHz: 100 * f0Ratio },
    },
    speakingRate: { ratio: 1.2 },
    training: { pairs: 0, heldOutPairs: 0, alignedFrames: 0, mixtures: 1, iterations: 0, seconds: 0, analysisThreads: 1 },
    metadata: { sentence_count: 0, quality_score: null, mcd_before_db: null, mcd_after_db: null },
  };
}

describe('convertWithModel', () => {
  const { samples, sampleRate } = loadFixture('real/pocketsphinx_librivox_0920.wav');
  const clip = samples.subarray(0, Math.round(sampleRate * 1.3));

  it('moves F0 by the model ratio and keeps the length (or stretches it on request)', async () => {
    const before = await medianF0(clip, sampleRate);
    const up = await convertWithModel(identityModel(1.5), clip, sampleRate);
    expect(up.samples.length).toBe(clip.length);
    expect((await medianF0(up.samples, up.sampleRate)) / before).toBeCloseTo(1.5, 1);
    const stretched = await convertWithModel(identityModel(1), clip, sampleRate, { applySpeakingRate: true });
    expect(stretched.samples.length).toBe(Math.round(clip.length * 1.2));
    // The PersonalVoice hook applies the speaking rate by default, bounded to 0.75..1.33.
    const drawl = { ...identityModel(1), speakingRate: { ratio: 2 } };
    const viaHook = await createPersonalVoice('vm', drawl).transform(clip, sampleRate);
    expect(viaHook.samples.length).toBe(Math.round((clip.length * 4) / 3));
  }, 60_000);

  it('accepts other sample rates, silence and tiny inputs', async () => {
    const model = identityModel(1);
    const at48k = await convertWithModel(model, new Float32Array(24000).map((_, i) => 0.3 * Math.sin(i / 20)), 48000);
    expect(at48k.sampleRate).toBe(16000);
    expect(at48k.samples.length).toBe(8000);
    for (const input of [new Float32Array(16000), new Float32Array(100), new Float32Array(1), new Float32Array(0)]) {
      const out = await convertWithModel(model, input, 16000);
      expect(out.samples.length).toBe(input.length);
      expect(out.samples.every(Number.isFinite)).toBe(true);
    }
  }, 60_000);
});
