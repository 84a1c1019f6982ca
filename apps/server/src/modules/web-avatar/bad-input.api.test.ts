import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicAvatarSchema, speechResponseSchema, userSchema } from '@avatar-factory/contracts';
import { expectError, expectHealthy } from '../../testing/expect-error';
import { createTestApp, type TestApp } from '../../testing/test-app';

const json = { 'content-type': 'application/json' };
const gone = 'This avatar does not exist or is no longer published.';

describe('the public Web Avatar API under bad input: 404 for any id that is not published, 422 for bad text', () => {
  let t: TestApp;
  const publicId = 'AbCdEfGh12345678';

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_RATE_LIMIT: '1000' });
    await t.signUp();
    const me = await t.signUp('owner@example.com');
    const owner = userSchema.parse((await t.server.inject({ method: 'GET', url: '/api/users/me', headers: me })).json());
    // A deployed avatar, as the deploy job leaves it (its rig files are not needed here).
    const row = await t.repositories.avatars.insert({ id: randomUUID(), userId: owner.id, avatarName: 'Public', voiceType: 'female', enableLipsync: true, photoKey: 'none' });
    await t.repositories.avatars.update(row!.id, { status: 'completed', hasResult: true, deployStatus: 'deployed', publicId });
  });
  afterAll(() => t.close());

  const speak = (id: string, payload: string, query = '') => t.server.inject({ method: 'POST', url: `/api/public/avatars/${id}/speak${query}`, payload, headers: json });

  it('answers the same 404 for malformed, unknown and traversal publicIds (malformed ones were 422s)', async () => {
    const ids = ['bad!id', 'short', 'a'.repeat(41), 'a'.repeat(5000), '%00', '..%2F..%2Fjwt-secret', '%E2%80%AE' + publicId, 'ZZZZZZZZ12345678', publicId.toLowerCase()];
    for (const id of ids) {
      expect(expectError(await t.server.inject({ method: 'GET', url: `/api/public/avatars/${id}` }), 404).detail, id).toMatch(/not (exist|found)|no longer published/i);
      expectError(await t.server.inject({ method: 'GET', url: `/api/public/avatars/${id}/rig/rig.json` }), 404);
      expectError(await speak(id, JSON.stringify({ text: 'hello' })), 404);
    }
    expect(expectError(await speak('ZZZZZZZZ12345678', JSON.stringify({ text: 'hello' })), 404).detail).toBe(gone);
  });

  it('never serves a file outside the published rig, whatever the file segment', async () => {
    for (const file of ['..%2F..%2F..%2Fjwt-secret', '..%2Fphoto', '%2e%2e%2fphoto', 'rig.json%00.png', 'RIG.JSON', 'x'.repeat(300) + '.png', 'rig.json']) {
      expectError(await t.server.inject({ method: 'GET', url: `/api/public/avatars/${publicId}/rig/${file}` }), 404);
    }
  });

  it('bounds and checks the text: too long, empty, unspeakable or malformed bodies are 4xx', async () => {
    expectError(await speak(publicId, JSON.stringify({ text: 'x'.repeat(10_000) })), 422, 'validation_error');
    expectError(await speak(publicId, JSON.stringify({ text: 'x'.repeat(201) })), 422, 'validation_error');
    expectError(await speak(publicId, JSON.stringify({ text: '   ' })), 422, 'validation_error');
    expectError(await speak(publicId, JSON.stringify({ text: '\u0000' })), 422, 'empty_text');
    expectError(await speak(publicId, JSON.stringify({ text: '\u0000' }), '?stream=1'), 422, 'empty_text');
    expectError(await speak(publicId, '{"text":"\\udc00\\ud800"}'), 422, 'no_speakable_text');
    expectError(await speak(publicId, JSON.stringify({ text: '\u202E\u200F' })), 422, 'empty_text');
    expectError(await speak(publicId, JSON.stringify({ text: 5 })), 422, 'validation_error');
    expectError(await speak(publicId, JSON.stringify({ text: 'hi', language: 'xx' })), 422, 'validation_error');
    expectError(await speak(publicId, JSON.stringify({ text: 'hi' }), '?stream=1&stream=1'), 422, 'validation_error');
    expectError(await speak(publicId, '{"text":'), 400, 'invalid_json');
    expectError(await speak(publicId, ''), 400, 'invalid_json');
    expectError(await t.server.inject({ method: 'POST', url: `/api/public/avatars/${publicId}/speak`, payload: 'text=hi', headers: { 'content-type': 'application/xml' } }), 415, 'unsupported_media_type');
    expectError(await speak(publicId, JSON.stringify({ text: 'x'.repeat(2_000_000) })), 413, 'body_too_large');
  });

  it('is healthy afterwards and the published avatar still answers and speaks', async () => {
    await expectHealthy(t);
    const page = publicAvatarSchema.parse((await t.server.inject({ method: 'GET', url: `/api/public/avatars/${publicId}` })).json());
    expect(page).toMatchObject({ publicId, avatarName: 'Public' });
    expect(page).not.toHaveProperty('userId');
    const spoken = await speak(publicId, JSON.stringify({ text: 'Hello there.', language: 'en' }));
    expect(spoken.statusCode).toBe(200);
    speechResponseSchema.parse(spoken.json());
  });
});
