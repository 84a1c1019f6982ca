import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The sign-in and registration limits count the client's real address (the
 * socket, unless TRUST_PROXY names the proxy in front), and failed sign-ins per e-mail too.
 */
const signIn = (t: TestApp, username: string, password: string, from: string, headers: Record<string, string> = {}) =>
  t.server.inject({
    method: 'POST',
    url: '/api/token',
    remoteAddress: from,
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

const register = (t: TestApp, email: string, from: string, headers: Record<string, string> = {}) =>
  t.server.inject({ method: 'POST', url: '/api/users', remoteAddress: from, payload: { email, password: 'long enough pw' }, headers });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-in and registration limits without a trusted proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: '5', SIGNIN_EMAIL_FREE_FAILURES: '3', REGISTER_RATE_LIMIT: '2' });
    await t.signUp('owner@example.com', 'the right password');
  });
  afterAll(() => t.close());

  it('ignores a spoofed X-Forwarded-For: changing it does not reset the per-client count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await signIn(t, `nobody${i}@example.com`, 'guess', '192.0.2.1', { 'x-forwarded-for': '10.7.7.1' })).statusCode);
    }
    const spoofed = await signIn(t, 'nobody9@example.com', 'guess', '192.0.2.1', { 'x-forwarded-for': '10.7.7.2' });
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(spoofed.statusCode).toBe(429);
    expect(spoofed.json()).toMatchObject({ detail: { code: 'too_many_attempts' } });
    expect(Number(spoofed.headers['retry-after'])).toBeGreaterThan(0);
    // Another real client is not affected.
    expect((await signIn(t, 'nobody9@example.com', 'guess', '192.0.2.2')).statusCode).toBe(401);
  });

  it('counts failures per e-mail from every address, with a growing delay, until a success clears them', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn(t, 'owner@example.com', `guess ${i}`, `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401]);

    const first = await signIn(t, 'OWNER@example.com', 'guess 4', '198.51.100.9');
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json().detail.message).toMatch(/Try again in 1 seconds/);

    await sleep(1100);
    expect((await signIn(t, 'owner@example.com', 'guess 5', '198.51.100.10')).statusCode).toBe(401);
    const second = await signIn(t, 'owner@example.com', 'guess 6', '198.51.100.11');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');

    await sleep(2100);
    expect((await signIn(t, 'owner@example.com', 'the right password', '198.51.100.12')).statusCode).toBe(200);
    // The success cleared the e-mail's count: the next miss is a plain 401 again.
    expect((await signIn(t, 'owner@example.com', 'one typo', '198.51.100.12')).statusCode).toBe(401);
    expect((await signIn(t, 'owner@example.com', 'the right password', '198.51.100.12')).statusCode).toBe(200);
  });

  it('limits registrations per client, whatever X-Forwarded-For says', async () => {
    expect((await register(t, 'first@example.com', '203.0.113.5')).statusCode).toBe(201);
    expect((await register(t, 'second@example.com', '203.0.113.5', { 'x-forwarded-for': '10.1.1.1' })).statusCode).toBe(201);
    const third = await register(t, 'third@example.com', '203.0.113.5', { 'x-forwarded-for': '10.1.1.2' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ detail: { code: 'rate_limited', message: expect.stringContaining('at most 2 an hour') } });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(t, 'third@example.com', '203.0.113.6')).statusCode).toBe(201);
  });
});

describe('with TRUST_PROXY naming the proxy, its X-Forwarded-For is the client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('counts each forwarded client on its own, and a client not behind the proxy by its socket', async () => {
    const viaProxy = (client: string, email: string) => signIn(t, email, 'guess', '127.0.0.1', { 'x-forwarded-for': client });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await viaProxy('10.7.7.1', `a${i}@example.com`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await viaProxy('10.7.7.2', 'b@example.com')).statusCode).toBe(401);

    // 192.0.2.50 is not the trusted proxy: what it forwards is ignored.
    for (let i = 0; i < 3; i++) await signIn(t, `c${i}@example.com`, 'guess', '192.0.2.50', { 'x-forwarded-for': `10.9.9.${i}` });
    expect((await signIn(t, 'c9@example.com', 'guess', '192.0.2.50', { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(429);
  });
});
