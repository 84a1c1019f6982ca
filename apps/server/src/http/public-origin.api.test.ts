import { afterEach, describe, expect, it } from 'vitest';
import { userSchema } from '@avatar-factory/contracts';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Links and per-client limits follow the request, and only a
 * proxy named in TRUST_PROXY may speak for the client (X-Forwarded-For/-Proto/-Host).
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWithDeployedAvatar(env: Record<string, string>) {
  t = await createTestApp(env);
  const alice = await t.signUp();
  const userId = userSchema.parse((await t.server.inject({ method: 'GET', url: '/api/users/me', headers: alice })).json()).id;
  const row = await t.repositories.avatars.insert({
    userId,
    avatarName: 'Linked',
    voiceType: 'female',
    photoKey: 'none',
    status: 'completed',
    progress: 100,
    hasResult: true,
    deployStatus: 'deployed',
    publicId: 'LinkedPage123456',
  });
  const previewUrl = async (headers: Record<string, string>, remoteAddress = '192.0.2.10') => {
    const res = await t!.server.inject({ method: 'GET', url: `/api/tasks/${row!.id}`, headers: { ...alice, ...headers }, remoteAddress });
    expect(res.statusCode).toBe(200);
    return res.json().result.preview_url as string;
  };
  return { app: t, previewUrl };
}

describe('preview_url', () => {
  it('follows the Host the app was reached at when PUBLIC_URL is unset, ignoring X-Forwarded-* from an untrusted client', async () => {
    const { previewUrl } = await appWithDeployedAvatar({});
    expect(await previewUrl({ host: '192.0.2.10:8080' })).toBe('http://192.0.2.10:8080/avatar-factory/w/LinkedPage123456');
    expect(await previewUrl({ host: 'avatars.lan' })).toBe('http://avatars.lan/avatar-factory/w/LinkedPage123456');
    expect(await previewUrl({ host: '[2001:db8::1]:8080' })).toBe('http://[2001:db8::1]:8080/avatar-factory/w/LinkedPage123456');
    expect(await previewUrl({ host: '192.0.2.10:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).toBe(
      'http://192.0.2.10:8080/avatar-factory/w/LinkedPage123456',
    );
    // A Host that is not a host name is never put into a link.
    expect(await previewUrl({ host: 'a b"<x>' })).toBe('http://localhost:8080/avatar-factory/w/LinkedPage123456');
  });

  it('follows X-Forwarded-Proto/-Host from a proxy named in TRUST_PROXY, and only from it', async () => {
    const { previewUrl } = await appWithDeployedAvatar({ TRUST_PROXY: '10.0.0.0/8' });
    const forwarded = { host: 'internal:8080', 'x-forwarded-host': 'avatars.example.org', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.4' };
    expect(await previewUrl(forwarded, '10.1.2.3')).toBe('https://avatars.example.org/avatar-factory/w/LinkedPage123456');
    expect(await previewUrl(forwarded, '192.0.2.10')).toBe('http://internal:8080/avatar-factory/w/LinkedPage123456');
  });

  it('uses PUBLIC_URL whatever the request says', async () => {
    const { previewUrl } = await appWithDeployedAvatar({ PUBLIC_URL: 'https://avatars.example.com/', TRUST_PROXY: '1' });
    expect(await previewUrl({ host: '192.0.2.10:8080', 'x-forwarded-host': 'other.example' })).toBe('https://avatars.example.com/avatar-factory/w/LinkedPage123456');
  });
});

describe('the public speak limit', () => {
  const speak = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    // An empty body is refused (422) after the limiter has counted it: no speech engine needed.
    app.server.inject({ method: 'POST', url: '/api/public/avatars/LinkedPage123456/speak', payload: {}, remoteAddress, headers });

  it('is per real client: a changed X-Forwarded-For does not reset it', async () => {
    const { app } = await appWithDeployedAvatar({ PUBLIC_RATE_LIMIT: '2' });
    const statuses = [];
    for (const forwarded of ['10.7.7.1', '10.7.7.2', '10.7.7.3']) statuses.push((await speak(app, '192.0.2.20', { 'x-forwarded-for': forwarded })).statusCode);
    expect(statuses).toEqual([422, 422, 429]);
    expect((await speak(app, '192.0.2.21')).statusCode).toBe(422);
  });

  it('behind a hop-count TRUST_PROXY, counts the forwarded client', async () => {
    const { app } = await appWithDeployedAvatar({ PUBLIC_RATE_LIMIT: '1', TRUST_PROXY: '1' });
    expect((await speak(app, '127.0.0.1', { 'x-forwarded-for': '10.7.7.1' })).statusCode).toBe(422);
    expect((await speak(app, '127.0.0.1', { 'x-forwarded-for': '10.7.7.1' })).statusCode).toBe(429);
    expect((await speak(app, '127.0.0.1', { 'x-forwarded-for': '10.7.7.2' })).statusCode).toBe(422);
  });
});
