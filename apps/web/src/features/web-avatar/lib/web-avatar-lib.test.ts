import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { embedSnippet } from './embed-snippet';
import { speakErrorMessage } from './speak-error-message';

describe('embedSnippet', () => {
  it('is the iframe of the spec, with the name escaped for the attribute', () => {
    expect(embedSnippet('https://example.com/af/w/abc123XYZ', 'Ada "the" <Countess> & co')).toBe(
      '<iframe src="https://example.com/af/w/abc123XYZ" width="400" height="560" style="border:0" allow="autoplay" title="Ada &quot;the&quot; &lt;Countess&gt; &amp; co"></iframe>',
    );
  });
});

describe('speakErrorMessage', () => {
  it('keeps the server message of a 429', () => {
    const error = new ApiError(429, { code: 'rate_limited', message: 'Too many requests. Try again in 42 seconds.' }, 'Too many requests. Try again in 42 seconds.', 42);
    expect(speakErrorMessage(error)).toBe('Too many requests. Try again in 42 seconds.');
  });
  it('falls back to Retry-After when a 429 has no such message', () => {
    expect(speakErrorMessage(new ApiError(429, null, 'Request failed with status 429', 9))).toBe('Too many requests. Try again in 9 seconds.');
  });
  it('explains a 422 with the field message', () => {
    const error = new ApiError(422, { code: 'validation_error', message: 'Invalid request', errors: [{ field: 'text', message: 'Too big: expected string to have <=200 characters' }] }, 'Invalid request');
    expect(speakErrorMessage(error)).toBe('This text cannot be spoken: Too big: expected string to have <=200 characters');
  });
  it('names a network failure', () => {
    expect(speakErrorMessage(new TypeError('Failed to fetch'))).toBe('Could not reach the server. Check your connection and try again.');
  });
});
