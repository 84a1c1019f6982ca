import { describe, expect, it } from 'vitest';
import { generateButtonState, isNameTaken, type GenerateFormState } from './generate-button';

const ready: GenerateFormState = { hasFile: true, validation: 'passed', name: 'Grace', voiceType: 'female', voiceModelId: null };

describe('generateButtonState', () => {
  it('names the first missing thing, in order', () => {
    expect(generateButtonState({ ...ready, hasFile: false })).toEqual({ label: 'Upload Photo First', enabled: false });
    expect(generateButtonState({ ...ready, validation: 'validating' })).toEqual({ label: 'Validating Image...', enabled: false });
    expect(generateButtonState({ ...ready, validation: 'failed' })).toEqual({ label: 'Image Validation Failed', enabled: false });
    expect(generateButtonState({ ...ready, name: '   ' })).toEqual({ label: 'Enter Avatar Name', enabled: false });
    expect(generateButtonState({ ...ready, voiceType: null })).toEqual({ label: 'Select Voice', enabled: false });
    expect(generateButtonState({ ...ready, voiceType: 'custom', voiceModelId: null })).toEqual({ label: 'Select Voice', enabled: false });
    expect(generateButtonState(ready)).toEqual({ label: 'Generate Avatar', enabled: true });
    expect(generateButtonState({ ...ready, voiceType: 'custom', voiceModelId: 'm1' })).toEqual({ label: 'Generate Avatar', enabled: true });
    expect(generateButtonState({ ...ready, voiceType: 'male' }).enabled).toBe(true);
  });

  it('stays disabled while the name is already taken, with the spec label', () => {
    expect(generateButtonState({ ...ready, nameTaken: true })).toEqual({ label: 'Generate Avatar', enabled: false });
    expect(generateButtonState({ ...ready, nameTaken: false })).toEqual({ label: 'Generate Avatar', enabled: true });
    // The first thing missing is still named first.
    expect(generateButtonState({ ...ready, hasFile: false, nameTaken: true }).label).toBe('Upload Photo First');
  });

  it('stays disabled while the form is being sent', () => {
    expect(generateButtonState({ ...ready, submitting: true }).enabled).toBe(false);
  });
});

describe('isNameTaken', () => {
  const tasks = [{ avatarName: 'Grace' }, { avatarName: 'Ada' }];
  it('compares the trimmed name with existing tasks exactly', () => {
    expect(isNameTaken('  Grace ', tasks)).toBe(true);
    expect(isNameTaken('grace', tasks)).toBe(false);
    expect(isNameTaken('', tasks)).toBe(false);
  });
});
