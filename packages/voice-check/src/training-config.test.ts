import { describe, expect, it } from 'vitest';
import { trainingConfigSchema } from '@avatar-factory/contracts';
import { trainingConfig } from './training-config.ts';

describe('trainingConfig', () => {
  it('defaults to 10 / 30 with thresholds 30 / 70, matching the API contract', () => {
    const c = trainingConfig({});
    expect(c).toEqual({ minRecordings: 10, requiredRecordings: 30, progressThresholds: { poor: 30, medium: 70 } });
    expect(trainingConfigSchema.parse(c)).toEqual(c);
  });

  it('takes the counts it is given', () => {
    expect(trainingConfig({ minRecordings: 2, requiredRecordings: 3 })).toMatchObject({ minRecordings: 2, requiredRecordings: 3 });
    // A small required count pulls the default minimum down with it.
    expect(trainingConfig({ requiredRecordings: 4 })).toMatchObject({ minRecordings: 4, requiredRecordings: 4 });
  });

  it('rejects invalid values', () => {
    expect(() => trainingConfig({ minRecordings: 2.5 })).toThrow(/whole number/);
    expect(() => trainingConfig({ minRecordings: 0 })).toThrow(/from 1 to 36/);
    expect(() => trainingConfig({ requiredRecordings: 500 })).toThrow(/from 1 to 36/);
    expect(() => trainingConfig({ minRecordings: 12, requiredRecordings: 11 })).toThrow(/must not exceed/);
  });
});
