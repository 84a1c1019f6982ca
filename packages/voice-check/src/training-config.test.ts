import { describe, expect, it } from 'vitest';
import { trainingConfigSchema } from '@avatar-factory/contracts';
import { trainingConfig } from './training-config.ts';

describe('trainingConfig', () => {
  it('defaults to 10 / 30 with thresholds 30 / 70, matching the API contract', () => {
    const c = trainingConfig({});
    expect(c).toEqual({ minRecordings: 10, requiredRecordings: 30, progressThresholds: { poor: 30, medium: 70 } });
    expect(trainingConfigSchema.parse(c)).toEqual(c);
  });

  it('takes overrides from VOICE_MIN_RECORDINGS / VOICE_REQUIRED_RECORDINGS', () => {
    expect(trainingConfig({ VOICE_MIN_RECORDINGS: '2', VOICE_REQUIRED_RECORDINGS: '3' })).toMatchObject({ minRecordings: 2, requiredRecordings: 3 });
    // A small required count pulls the default minimum down with it.
    expect(trainingConfig({ VOICE_REQUIRED_RECORDINGS: '4' })).toMatchObject({ minRecordings: 4, requiredRecordings: 4 });
  });

  it('rejects invalid values', () => {
    expect(() => trainingConfig({ VOICE_MIN_RECORDINGS: 'ten' })).toThrow(/whole number/);
    expect(() => trainingConfig({ VOICE_MIN_RECORDINGS: '0' })).toThrow(/between/);
    expect(() => trainingConfig({ VOICE_REQUIRED_RECORDINGS: '500' })).toThrow(/between/);
    expect(() => trainingConfig({ VOICE_MIN_RECORDINGS: '12', VOICE_REQUIRED_RECORDINGS: '11' })).toThrow(/must not exceed/);
  });
});
