import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, tokenResponseSchema, userSchema } from '@avatar-factory/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('auth API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: '5', SIGNIN_EMAIL_FREE_FAILURES: '3' });
  });
  afterAll(() => t.close());

  it('registers with a trimmed, lower-cased e-mail and never returns the password', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/users', payload: { email: '  Ada@Example.COM ', password: 'long enough pw' } });
    expect(res.statusCode).toBe(201);
    const user = userSchema.strict().parse(res.json());
    expect(user.email).toBe('ada@example.com');
    expect(res.body).not.toContain('long enough pw');
    expect(Date.parse(user.created_at)).not.toBeNaN();
  });

  it('answers 409 email_taken for a second registration of the same e-mail', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/users', payload: { email: 'ADA@example.com', password: 'another password' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: { code: 'email_taken', message: expect.any(String) } });
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough pw' }, 'body.email'],
    [{ email: 'short@example.com', password: 'short' }, 'body.password'],
    [{ email: 'long@example.com', password: 'x'.repeat(129) }, 'body.password'],
    [{ password: 'long enough pw' }, 'body.email'],
    [{ email: 42, password: 'long enough pw' }, 'body.email'],
  ])('rejects a bad registration %j with 422 naming the field', async (payload, field) => {
    const res = await t.server.inject({ method: 'POST', url: '/api/users', payload });
    expect(res.statusCode).toBe(422);
    const body = errorResponseSchema.parse(res.json());
    expect(typeof body.detail === 'object' && body.detail.code).toBe('validation_error');
    expect(typeof body.detail === 'object' && body.detail.errors?.map((error) => error.field)).toContain(field);
  });

  it('signs in with the form fields and the token opens GET /api/users/me', async () => {
    await t.server.inject({ method: 'POST', url: '/api/users', payload: { email: 'grace@example.com', password: 'cobol rules 1959' } });
    const res = await t.server.inject({ method: 'POST', url: '/api/token', ...form({ username: 'Grace@example.com', password: 'cobol rules 1959' }) });
    expect(res.statusCode).toBe(200);
    const token = tokenResponseSchema.parse(res.json());
    expect(token.token_type).toBe('bearer');
    const me = await t.server.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'grace@example.com' });
  });

  it('gives the same 401 text for an unknown e-mail and a wrong password', async () => {
    const unknown = await t.server.inject({ method: 'POST', url: '/api/token', ...form({ username: 'nobody@example.com', password: 'whatever pw' }) });
    const wrong = await t.server.inject({ method: 'POST', url: '/api/token', ...form({ username: 'grace@example.com', password: 'wrong password' }) });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Incorrect email or password' });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('limits failures only: signing in often is never refused, and a success clears the e-mail\'s failures', async () => {
    await t.server.inject({ method: 'POST', url: '/api/users', payload: { email: 'often@example.com', password: 'right password' } });
    const signIn = (password: string) =>
      t.server.inject({ method: 'POST', url: '/api/token', remoteAddress: '192.0.2.77', ...form({ username: 'often@example.com', password }) });
    const statuses: number[] = [];
    // The client limit is 5 failures a minute: 8 good sign-ins in a row all pass.
    for (let i = 0; i < 8; i++) statuses.push((await signIn('right password')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);

    // 4 misses of one e-mail would be delayed (3 are free in this app); a success in between clears them.
    const after: number[] = [];
    for (const password of ['typo 1', 'typo 2', 'right password', 'typo 3', 'typo 4', 'right password']) after.push((await signIn(password)).statusCode);
    expect(after).toEqual([401, 401, 200, 401, 401, 200]);
  });

  it.each([
    ['no header', undefined],
    ['a malformed header', 'Token abc'],
    ['a forged token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
  ])('answers 401 Not authenticated with WWW-Authenticate for %s', async (_label, authorization) => {
    const res = await t.server.inject({ method: 'GET', url: '/api/users/me', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('rejects an expired token', async () => {
    const expired = t.server.jwt.sign({ sub: '00000000-0000-4000-8000-000000000000' }, { expiresIn: -10 });
    const res = await t.server.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('bad input never gives a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('malformed JSON is a 400 in the error shape, with a request id header', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/users', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: { code: 'invalid_json' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a wrong content type is a 4xx', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/users', payload: 'email=a@b.c', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    errorResponseSchema.parse(res.json());
  });

  it('a huge body is a 413', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/users', payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    errorResponseSchema.parse(res.json());
  });

  it('an unknown API route is a 404 in the error shape', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not Found' });
  });

  it('GET /api/health answers 200', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
