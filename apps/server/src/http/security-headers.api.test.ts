import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Caching of signed-in answers, HSTS only when configured, a tight style-src. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const directive = (policy: string, name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `));

describe('security headers', () => {
  it('marks every signed-in API answer no-store, the token and its errors included', async () => {
    t = await createTestApp();
    const alice = await t.signUp('cache@example.com', 'correct horse battery');
    const token = await t.server.inject({
      method: 'POST',
      url: '/api/token',
      payload: 'username=cache%40example.com&password=correct+horse+battery',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/users/me', '/api/tasks', '/api/voice-models', '/api/avatars/00000000-0000-4000-8000-000000000000/image']) {
      const res = await t.server.inject({ method: 'GET', url, headers: alice });
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
    const anonymous = await t.server.inject({ method: 'GET', url: '/api/users/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('sends no HSTS by default, and tightens style-src to our own files', async () => {
    t = await createTestApp();
    const res = await t.server.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const policy = String(res.headers['content-security-policy']);
    expect(directive(policy, 'style-src')).toBe("style-src 'self'");
  });

  it('sends HSTS as configured, without subdomains unless asked', async () => {
    t = await createTestApp({ HSTS_MAX_AGE: '86400' });
    expect((await t.server.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBe('max-age=86400');
    await t.close();
    t = await createTestApp({ HSTS_MAX_AGE: '31536000', HSTS_INCLUDE_SUBDOMAINS: 'true' });
    expect((await t.server.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
