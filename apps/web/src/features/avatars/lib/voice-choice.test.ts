import { describe, expect, it } from 'vitest';
import { chooseVoice, defaultVoiceChoice, noCustomModelsMessage } from './voice-choice';

describe('chooseVoice', () => {
  it('defaults to female and switches between the default voices', () => {
    expect(defaultVoiceChoice).toEqual({ voiceType: 'female', voiceModelId: null });
    expect(chooseVoice(defaultVoiceChoice, 'male', [])).toEqual({ choice: { voiceType: 'male', voiceModelId: null }, error: null });
  });

  it('selects the first ready model for custom', () => {
    expect(chooseVoice(defaultVoiceChoice, 'custom', [{ id: 'a' }, { id: 'b' }])).toEqual({
      choice: { voiceType: 'custom', voiceModelId: 'a' },
      error: null,
    });
  });

  it('keeps the default and reports the error when there is no model', () => {
    const male = { voiceType: 'male' as const, voiceModelId: null };
    expect(chooseVoice(male, 'custom', [])).toEqual({ choice: male, error: noCustomModelsMessage });
  });

  it('leaving custom clears the model', () => {
    expect(chooseVoice({ voiceType: 'custom', voiceModelId: 'a' }, 'female', [{ id: 'a' }]).choice).toEqual(defaultVoiceChoice);
  });
});
