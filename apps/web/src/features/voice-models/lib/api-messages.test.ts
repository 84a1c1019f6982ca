import { describe, expect, it } from 'vitest';
import { parseApiError } from '../../../lib/api-error';
import { voiceApiErrorMessage } from './api-messages';

describe('voiceApiErrorMessage', () => {
  it('shows the Japanese message of a 409 face_training_in_progress', () => {
    const error = parseApiError(409, { detail: { code: 'face_training_in_progress', message: '顔のトレーニング中は音声のトレーニングを行えません。' } });
    expect(voiceApiErrorMessage(error, 'Failed to create voice model')).toBe('顔のトレーニング中は音声のトレーニングを行えません。');
  });

  it('falls back to the caller text for any other failure', () => {
    expect(voiceApiErrorMessage(parseApiError(409, { detail: { code: 'already_training', message: 'x' } }), 'Failed')).toBe('Failed');
    expect(voiceApiErrorMessage(parseApiError(500, null), 'Failed to create voice model')).toBe('Failed to create voice model');
    expect(voiceApiErrorMessage(new TypeError('network'), 'Failed to create voice model')).toBe('Failed to create voice model');
  });
});
