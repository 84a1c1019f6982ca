import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../testing/expect-error';
import { multipartBody } from '../testing/multipart';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Edges of the API contract that a black-box run once found answered wrongly. */
describe('contract edges', () => {
  let t: TestApp;
  let alice: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
  });
  afterAll(() => t.close());

  it('refuses an avatar without enable_lipsync with a 422 naming the field, instead of assuming true', async () => {
    const body = multipartBody({ avatar_name: 'No lipsync field', voice_type: 'female' }, { field: 'file', name: 'p.png', type: 'image/png', data: Buffer.alloc(10, 1) });
    const res = await t.server.inject({ method: 'POST', url: '/api/avatars', payload: body.payload, headers: { ...body.headers, ...alice } });
    const error = expectError(res, 422, 'validation_error');
    expect(error.detail).toMatchObject({ errors: [expect.objectContaining({ field: 'enable_lipsync' })] });
    const tasks = await t.server.inject({ method: 'GET', url: '/api/tasks', headers: alice });
    expect(tasks.json()).toEqual([]);
  });

  it('answers a wrong method on an existing path with 405 and Allow, and an unknown path still with 404', async () => {
    const cases: [method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, allow: string][] = [
      ['GET', '/api/token', 'POST'],
      ['DELETE', '/api/users', 'POST'],
      ['PUT', '/api/tasks', 'GET, HEAD'],
      ['POST', '/api/tasks/abc', 'DELETE, GET, HEAD'],
      ['GET', '/api/tasks/abc/deploy', 'POST'],
      ['PATCH', '/api/voice-models/abc', 'DELETE'],
      ['DELETE', '/api/voice-training/config?x=1', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await t.server.inject({ method, url, headers: alice });
      expectError(res, 405, 'method_not_allowed');
      expect([method, url, res.headers.allow]).toEqual([method, url, allow]);
    }
    expectError(await t.server.inject({ method: 'GET', url: '/api/no-such-thing', headers: alice }), 404);
    expectError(await t.server.inject({ method: 'POST', url: '/api/tasks/abc/undeploy', headers: alice }), 404);
  });

  it('refuses a form body on POST /api/users with 415 (it is JSON-only); the token call still takes its form', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await t.server.inject({ method: 'POST', url: '/api/users', payload: 'email=form%40example.com&password=long+enough+pass', headers: form });
    expectError(res, 415, 'unsupported_media_type');
    const json = await t.server.inject({ method: 'POST', url: '/api/users', payload: { email: 'form@example.com', password: 'long enough pass' } });
    expect(json.statusCode).toBe(201);
    const token = await t.server.inject({ method: 'POST', url: '/api/token', payload: 'username=form%40example.com&password=long+enough+pass', headers: form });
    expect(token.statusCode).toBe(200);
    expectError(await t.server.inject({ method: 'POST', url: '/api/voice-models', payload: 'name=Form', headers: { ...form, ...alice } }), 415, 'unsupported_media_type');
  });
});
