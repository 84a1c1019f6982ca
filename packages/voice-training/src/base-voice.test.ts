import { describe, expect, it } from 'vitest';
import { chooseBaseVoice } from './base-voice.ts';

describe('chooseBaseVoice', () => {
  it('picks the default voice nearest in log F0', () => {
    expect(chooseBaseVoice(100)).toBe('male');
    expect(chooseBaseVoice(150)).toBe('male');
    expect(chooseBaseVoice(230)).toBe('female');
    expect(chooseBaseVoice(300)).toBe('female');
    // English defaults are closer together (slt 166 Hz, rms 102 Hz): the boundary is near 130 Hz.
    expect(chooseBaseVoice(120, 'en')).toBe('male');
    expect(chooseBaseVoice(140, 'en')).toBe('female');
  });

  it('rejects a missing F0', () => {
    expect(() => chooseBaseVoice(0)).toThrow();
    expect(() => chooseBaseVoice(Number.NaN)).toThrow();
  });
});
