import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechResponseSchema, userSchema } from '@avatar-factory/contracts';
import { readWavInfo, SYNTHETIC_SPEECH_INFO } from '@avatar-factory/speech';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * What one speech request may cost (engine runs, seconds of audio) and how many a
 * signed-in user, a public client and a public avatar may make.
 */
describe('speech cost limits', () => {
  let t: TestApp;
  let alice: { authorization: string };
  const publicId = 'LimitsPage123456';

  beforeAll(async () => {
    t = await createTestApp({
      SPEECH_MAX_ENGINE_CALLS: '4',
      PUBLIC_SPEECH_MAX_OUTPUT_SECONDS: '6',
      SPEECH_MAX_OUTPUT_SECONDS: '8',
      SPEECH_USER_RATE_LIMIT: '3',
      PUBLIC_RATE_LIMIT: '100',
      PUBLIC_AVATAR_RATE_LIMIT: '3',
    });
    alice = await t.signUp();
    const userId = userSchema.parse((await t.server.inject({ method: 'GET', url: '/api/users/me', headers: alice })).json()).id;
    await t.repositories.avatars.insert({
      userId,
      avatarName: 'Limits',
      voiceType: 'female',
      photoKey: 'none',
      status: 'completed',
      progress: 100,
      hasResult: true,
      deployStatus: 'deployed',
      publicId,
    });
  });
  afterAll(() => t.close());

  const publicSpeak = (text: string, remoteAddress: string, stream = true) =>
    t.server.inject({ method: 'POST', url: `/api/public/avatars/${publicId}/speak${stream ? '?stream=1' : ''}`, payload: { text }, remoteAddress });

  it('"あ。" x 100 on a public page: a bounded number of parts and seconds of audio', async () => {
    const res = await publicSpeak('あ。'.repeat(100), '192.0.2.1');
    expect(res.statusCode).toBe(200);
    const parts = res.body.trim().split('\n').map((line) => speechResponseSchema.parse(JSON.parse(line)));
    expect(parts.length).toBeLessThanOrEqual(4);
    const seconds = parts.reduce((sum, part) => sum + part.duration_ms, 0) / 1000;
    expect(seconds).toBeLessThanOrEqual(6);
    expect(seconds).toBeGreaterThan(4);
    // Every streamed part is a WAV of its own, and each one is marked as synthetic.
    for (const part of parts) expect(readWavInfo(Buffer.from(part.audio, 'base64'))).toEqual(SYNTHETIC_SPEECH_INFO);
  });

  it('bounds a signed-in preview by its own (longer) output limit', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/speech/preview', headers: alice, payload: { text: 'あ。'.repeat(200).slice(0, 500), voice: 'female' } });
    expect(res.statusCode).toBe(200);
    const answer = speechResponseSchema.parse(res.json());
    expect(answer.duration_ms / 1000).toBeLessThanOrEqual(8);
    expect(answer.duration_ms / 1000).toBeGreaterThan(6);
  });

  it('limits speech requests per signed-in user, naming the limit, and not other users', async () => {
    // The preview above was the first of alice's 3 this minute.
    const preview = (headers: { authorization: string }) => t.server.inject({ method: 'POST', url: '/api/speech/preview', headers, payload: { text: 'はい。', voice: 'female' } });
    expect((await preview(alice)).statusCode).toBe(200);
    expect((await preview(alice)).statusCode).toBe(200);
    const refused = await preview(alice);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ detail: { code: 'rate_limited', message: expect.stringContaining('up to 3 speech requests a minute') } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await preview(await t.signUp())).statusCode).toBe(200);
  });

  it('gives each public avatar a budget over all its clients', async () => {
    // The 'あ。' x 100 request was the first of this avatar's 3 this minute.
    expect((await publicSpeak('はい。', '192.0.2.2', false)).statusCode).toBe(200);
    expect((await publicSpeak('はい。', '192.0.2.3', false)).statusCode).toBe(200);
    const refused = await publicSpeak('はい。', '192.0.2.4', false);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ detail: { code: 'rate_limited', message: expect.stringContaining('many visitors') } });
  });
});
