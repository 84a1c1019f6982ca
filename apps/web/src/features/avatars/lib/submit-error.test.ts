import { describe, expect, it } from 'vitest';
import { parseApiError } from '../../../lib/api-error';
import { submitErrorToast } from './submit-error';

describe('submitErrorToast', () => {
  it("uses the server's message for avatar_name_taken", () => {
    const error = parseApiError(409, { detail: { code: 'avatar_name_taken', message: 'You already have an avatar named "Grace".' } });
    expect(submitErrorToast(error)).toEqual({ title: 'Avatar Name Already Exists', text: 'You already have an avatar named "Grace".' });
  });

  it('uses the generic texts for anything else', () => {
    const generic = { title: 'Failed to Start Generation', text: 'Failed to upload avatar' };
    expect(submitErrorToast(parseApiError(422, { detail: { code: 'image_too_small', message: 'small' } }))).toEqual(generic);
    expect(submitErrorToast(new TypeError('Failed to fetch'))).toEqual(generic);
  });
});
