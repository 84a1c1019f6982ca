import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenResponseSchema, userSchema } from '@avatar-factory/contracts';
import { expectError, expectHealthy } from '../../testing/expect-error';
import { multipartBody } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';

const json = { 'content-type': 'application/json' };
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('auth routes and the HTTP layer under bad input: a clear 4xx, never a 500', () => {
  let t: TestApp;
  let alice: { email: string; authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
    alice = await t.signUp();
  });
  afterAll(() => t.close());

  const register = (payload: string, headers: Record<string, string> = json) => t.server.inject({ method: 'POST', url: '/api/users', payload, headers });

  it('refuses JSON bodies that are malformed, empty, not objects or prototype-poisoned', async () => {
    expectError(await register('{"email":'), 400, 'invalid_json');
    expectError(await register(''), 400, 'invalid_json');
    expectError(await register('{"__proto__":{"admin":true},"email":"p@example.com","password":"12345678"}'), 400, 'invalid_json');
    expectError(await register('{"constructor":{"prototype":{"admin":true}},"email":"p@example.com","password":"12345678"}'), 400, 'invalid_json');
    for (const body of ['[]', 'null', '"text"', '42']) expectError(await register(body), 422, 'validation_error');
    expectError(await t.server.inject({ method: 'POST', url: '/api/users' }), 422, 'validation_error');
    await expectHealthy(t);
  });

  it('refuses the wrong content type: XML is 415, multipart or text where JSON is expected is 422', async () => {
    expectError(await register('<user/>', { 'content-type': 'application/xml' }), 415, 'unsupported_media_type');
    expectError(await register('email=a@b.co', { 'content-type': 'text/plain' }), 422, 'validation_error');
    const multipart = multipartBody({ email: 'm@example.com', password: '12345678' });
    expectError(await t.server.inject({ method: 'POST', url: '/api/users', ...multipart }), 422, 'validation_error');
  });

  it('names each wrong, missing or overlong field in a 422', async () => {
    const wrongTypes = expectError(await register(JSON.stringify({ email: 5, password: 12345678 })), 422, 'validation_error');
    expect(wrongTypes.detail).toMatchObject({ errors: [{ field: 'body.email' }, { field: 'body.password' }] });
    expectError(await register(JSON.stringify({ email: `${'a'.repeat(10_000)}@example.com`, password: '12345678' })), 422, 'validation_error');
    expectError(await register(JSON.stringify({ email: 'a\u0000b@example.com', password: '12345678' })), 422, 'validation_error');
    expectError(await register(JSON.stringify({ email: '\u202Eevil@example.com', password: '12345678' })), 422, 'validation_error');
    expectError(await register(JSON.stringify({ email: 'long@example.com', password: 'x'.repeat(129) })), 422, 'validation_error');
  });

  it('answers 413 for a body over the 1 MiB limit, also when it streams in without a Content-Length', async () => {
    expectError(await register(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) })), 413, 'body_too_large');
    const endless = Readable.from((function* () {
      yield '{"email":"a@b.co","password":"';
      for (let i = 0; i < 300; i++) yield 'x'.repeat(10_000);
      yield '"}';
    })());
    expectError(await t.server.inject({ method: 'POST', url: '/api/users', payload: endless, headers: json }), 413, 'body_too_large');
    expectError(await t.server.inject({ method: 'POST', url: '/api/token', payload: `username=${'a'.repeat(2_000_000)}`, headers: formHeaders }), 413, 'body_too_large');
    expectError(await t.server.inject({ method: 'POST', url: '/api/users', payload: '{"email":"a@b.co","password":"12345678"}', headers: { ...json, 'content-length': '5' } }), 400, 'invalid_body');
    await expectHealthy(t);
  });

  it('sign-in with a NUL byte or lone surrogate in the e-mail is the usual 401, and bad forms are 422', async () => {
    // Was a 500: PostgreSQL text cannot hold NUL, so the lookup failed in the database.
    const nul = await t.server.inject({ method: 'POST', url: '/api/token', payload: 'username=a%00b%40example.com&password=12345678', headers: formHeaders });
    expect(expectError(nul, 401).detail).toBe('Incorrect email or password');
    const surrogate = await t.server.inject({ method: 'POST', url: '/api/token', payload: '{"username":"a\\ud800@example.com","password":"12345678"}', headers: json });
    expect(expectError(surrogate, 401).detail).toBe('Incorrect email or password');
    expectError(await t.server.inject({ method: 'POST', url: '/api/token', payload: 'username=a&username=b&password=12345678', headers: formHeaders }), 422, 'validation_error');
    expectError(await t.server.inject({ method: 'POST', url: '/api/token', payload: '', headers: formHeaders }), 422, 'validation_error');
    const multipart = multipartBody({ username: alice.email, password: 'correct horse battery' });
    expectError(await t.server.inject({ method: 'POST', url: '/api/token', ...multipart }), 422, 'validation_error');
  });

  it('keeps a password with NUL and odd unicode exactly: the same text signs in, another does not', async () => {
    const password = 'pa\u0000ss\u202Eword\u200F-\u{1F600}';
    const created = await register(JSON.stringify({ email: 'odd-password@example.com', password }));
    expect(created.statusCode).toBe(201);
    userSchema.parse(created.json());
    const ok = await t.server.inject({ method: 'POST', url: '/api/token', payload: { username: 'odd-password@example.com', password } });
    expect(ok.statusCode).toBe(200);
    tokenResponseSchema.parse(ok.json());
    const wrong = await t.server.inject({ method: 'POST', url: '/api/token', payload: { username: 'odd-password@example.com', password: password.replace('\u0000', '') } });
    expectError(wrong, 401);
  });

  it('answers 401 Not authenticated with WWW-Authenticate for every expired, tampered, forged or orphaned token', async () => {
    const token = alice.authorization.slice('Bearer '.length);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const sign = (sub: unknown) => t.server.jwt.sign({ sub } as { sub: string });
    const bad = {
      'tampered payload': `${header}.${b64({ sub: '00000000-0000-4000-8000-000000000000', exp: 9_999_999_999 })}.${signature}`,
      'tampered signature': `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'other secret': `${header}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`,
      expired: t.server.jwt.sign({ sub: '00000000-0000-4000-8000-000000000000' }, { expiresIn: -10 }),
      // Well signed, but naming no user (a deleted user, or a database that was reset): were 500s.
      'unknown user': sign('00000000-0000-4000-8000-000000000000'),
      'non-UUID subject': sign('not-a-uuid'),
      'NUL subject': sign('a\u0000b'),
      'numeric subject': sign(42),
      garbage: 'a'.repeat(10_000),
    };
    for (const [what, value] of Object.entries(bad)) {
      for (const [method, url] of [['GET', '/api/users/me'], ['GET', '/api/tasks'], ['GET', '/api/voice-models'], ['POST', '/api/voice-models']] as const) {
        const res = await t.server.inject({ method, url, headers: { authorization: `Bearer ${value}` }, ...(method === 'POST' ? { payload: { name: 'x' } } : {}) });
        expect(res.statusCode, `${what}: ${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ detail: 'Not authenticated' });
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
    }
    expectError(await t.server.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Basic YTpi' } }), 401, 'Not authenticated');
    expectError(await t.server.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Bearer' } }), 401, 'Not authenticated');
  });

  it('answers malformed URLs in the error shape: a bad escape is 400 invalid_url, an endless segment 404', async () => {
    // Were the router's own bodies ({error, code: FST_ERR_BAD_URL / FST_ERR_MAX_PARAM_LENGTH}, 400/414).
    for (const url of ['/api/tasks/%E0%A4%A', '/api/tasks/%ED%A0%80', '/api/avatars/%ED%A0%80/image', '/avatar-factory/%E0%A4%A']) {
      expectError(await t.server.inject({ method: 'GET', url, headers: { authorization: alice.authorization } }), 400, 'invalid_url');
    }
    expectError(await t.server.inject({ method: 'GET', url: `/api/tasks/${'x'.repeat(5000)}`, headers: { authorization: alice.authorization } }), 404);
    expectError(await t.server.inject({ method: 'GET', url: '/api/no/such/route' }), 404, 'Not Found');
  });

  it('is healthy afterwards and the next valid request works', async () => {
    await expectHealthy(t);
    const me = await t.server.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: alice.authorization } });
    expect(userSchema.parse(me.json()).email).toBe(alice.email);
    await t.signUp();
  });
});
