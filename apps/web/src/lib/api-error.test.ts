import { describe, expect, it } from 'vitest';
import { ApiError, parseApiError } from './api-error';

describe('parseApiError', () => {
  it('reads a plain-text detail (e.g. the 401 of a wrong password)', () => {
    const error = parseApiError(401, { detail: 'Incorrect email or password' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Incorrect email or password');
    expect(error.code).toBeNull();
    expect(error.fieldErrors).toEqual([]);
  });

  it('reads a coded detail with its field errors', () => {
    const error = parseApiError(422, {
      detail: {
        code: 'validation_error',
        message: 'Invalid request',
        errors: [{ field: 'password', message: 'Too short' }],
      },
    });
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe('Invalid request');
    expect(error.fieldErrors).toEqual([{ field: 'password', message: 'Too short' }]);
  });

  it('keeps a readable message for bodies outside the contract', () => {
    for (const body of [null, '<html>Bad gateway</html>', { error: 'x' }, { detail: 42 }]) {
      const error = parseApiError(502, body);
      expect(error.message).toBe('Request failed with status 502');
      expect(error.detail).toBeNull();
      expect(error.code).toBeNull();
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const body = { detail: { code: 'too_many_attempts', message: 'Slow down' } };
    expect(parseApiError(429, body, '30').retryAfterSeconds).toBe(30);
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    const fromDate = parseApiError(429, body, inTwoMinutes).retryAfterSeconds;
    expect(fromDate).toBeGreaterThanOrEqual(118);
    expect(fromDate).toBeLessThanOrEqual(121);
    expect(parseApiError(429, body, 'soon').retryAfterSeconds).toBeNull();
    expect(parseApiError(429, body).retryAfterSeconds).toBeNull();
  });
});
