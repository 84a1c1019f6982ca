import { describe, expect, it } from 'vitest';
import { parseModel, serializeModel, VOICE_MODEL_VERSION, type VoiceModelData } from './voice-model-data.ts';

/** A small hand-made model: order 2, one mixture. */
function model(overrides: Partial<VoiceModelData> = {}): VoiceModelData {
  return {
    format: 'avatar-factory/voice-model',
    version: VOICE_MODEL_VERSION,
    baseVoice: 'female',
    sampleRate: 16000,
    mcep: { order: 2, alpha: 0.42 },
    gmm: { weights: [1], meanX: [[0, 0]], meanY: [[1, 1]], varX: [[1, 1]], varY: [[1, 1]], covXY: [[0.5, 0.5]] },
    f0: { source: { mean: 5.1, std: 0.2, medianHz: 166 }, target: { mean: 4.6, std: 0.15, medianHz: 100 } },
    speakingRate: { ratio: 1.1 },
    training: { pairs: 9, heldOutPairs: 1, alignedFrames: 3000, mixtures: 1, iterations: 10, seconds: 3.2, analysisThreads: 2 },
    metadata: { sentence_count: 10, quality_score: 0.7, mcd_before_db: 9, mcd_after_db: 5.5 },
    ...overrides,
  };
}

describe('voice model data', () => {
  it('round-trips through JSON', () => {
    const m = model();
    expect(parseModel(serializeModel(m))).toEqual(m);
    expect(parseModel(JSON.parse(serializeModel(m)))).toEqual(m);
  });

  it('rejects another version, wrong shapes and impossible values', () => {
    expect(() => parseModel({ ...model(), version: VOICE_MODEL_VERSION + 1 })).toThrow();
    expect(() => parseModel(model({ gmm: { ...model().gmm, meanY: [[1, 1, 1]] } }))).toThrow(/expected 1 rows of 2/);
    expect(() => parseModel(model({ gmm: { ...model().gmm, varX: [[0, 1]] } }))).toThrow(/positive/);
    expect(() => parseModel(model({ metadata: { ...model().metadata, quality_score: 1.5 } }))).toThrow();
    expect(() => parseModel('{"format":"something else"}')).toThrow();
    expect(() => parseModel('not json')).toThrow();
  });

  it('takes the GV post-filter statistics as an optional field, checked against the order', () => {
    // Models stored before the field existed have no `gv` and still parse (model() has none).
    expect(parseModel(JSON.parse(serializeModel(model()))).gv).toBeUndefined();
    const withGv = model({ gv: { target: [0.2, 0.1], converted: [0.1, 0.05] } });
    expect(parseModel(serializeModel(withGv))).toEqual(withGv);
    expect(() => parseModel(model({ gv: { target: [0.2], converted: [0.1, 0.05] } }))).toThrow(/expected 2 non-negative/);
    expect(() => parseModel(model({ gv: { target: [0.2, -1], converted: [0.1, 0.05] } }))).toThrow(/non-negative/);
  });
});
