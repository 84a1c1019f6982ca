import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@avatar-factory/contracts';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('the single-page app under the base path', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'af-web-'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Avatar Factory</title>');
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  const page = (url: string) => t.server.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('redirects the root to the base path and serves the app for any page under it', async () => {
    const root = await t.server.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/avatar-factory/');
    for (const url of ['/avatar-factory/', '/avatar-factory/voice-models', '/avatar-factory/no/such/page']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Avatar Factory</title>');
    }
    expect((await t.server.inject({ method: 'GET', url: '/elsewhere', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });

  it('answers every page with the app whatever the client accepts (curl, link previewers); missing files and API paths stay 404', async () => {
    for (const accept of ['*/*', undefined, 'application/json', 'text/html']) {
      for (const url of ['/avatar-factory/auth', '/avatar-factory/voice-models', '/avatar-factory/avatars/abc/edit', '/avatar-factory/no/such/page?x=1']) {
        const res = await t.server.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
        expect([accept, url, res.statusCode]).toEqual([accept, url, 200]);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<title>Avatar Factory</title>');
      }
      for (const url of ['/avatar-factory/assets/missing.js', '/avatar-factory/favicon.ico', '/avatar-factory/voices/nobody.wav', '/api/no-such-route', '/elsewhere']) {
        const res = await t.server.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
        expect([accept, url, res.statusCode]).toEqual([accept, url, 404]);
        errorResponseSchema.parse(res.json());
      }
    }
    // A public page that is not published is still a 404 (with the page, which says so) for any client.
    const gone = await t.server.inject({ method: 'GET', url: '/avatar-factory/w/AbCdEf123456', headers: { accept: '*/*' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<title>Avatar Factory</title>');
  });

  it('lets no page be framed, not even by itself, unless it is a published avatar page (web-avatar tests)', async () => {
    for (const url of ['/avatar-factory/', '/avatar-factory/index.html', '/avatar-factory/voice-models', '/avatar-factory/w/AbCdEf123456']) {
      const res = await page(url);
      expect([url, res.headers['content-security-policy']]).toEqual([url, expect.stringContaining("frame-ancestors 'none'")]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });

  it('never serves a file outside its folders (the JWT secret sits in the data folder beside voices/), answering 4xx in the error shape', async () => {
    const secret = (await fs.readFile(path.join(t.dataDir, 'jwt-secret'), 'utf8')).trim();
    expect(secret.length).toBeGreaterThan(20);
    for (const url of [
      '/avatar-factory/voices/..%2Fjwt-secret',
      '/avatar-factory/voices/%2e%2e%2fjwt-secret',
      '/avatar-factory/voices/..%5cjwt-secret',
      '/avatar-factory/voices/%00',
      '/avatar-factory/voices/female-sample.wav%00.png',
      '/avatar-factory/vendor/human-models/..%2F..%2Fpackage.json',
      '/avatar-factory/vendor/tfjs-wasm/..%2F..%2Fpackage.json',
      '/avatar-factory/vendor/tfjs-wasm/%E0%A4%A',
    ]) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      errorResponseSchema.parse(res.json());
      expect(res.body).not.toContain(secret);
    }
    // These name pages once the URL is resolved (%2e%2e is '..'): the app answers, never the file.
    for (const url of ['/avatar-factory/..%2F..%2Fjwt-secret', '/avatar-factory/voices/%2e%2e/jwt-secret', '/avatar-factory/voices/../jwt-secret']) {
      const page = await t.server.inject({ method: 'GET', url });
      expect(page.body).not.toContain(secret);
    }
    expect((await t.server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('serves the face detection models from our own server', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/avatar-factory/vendor/human-models/blazeface.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('modelTopology');
  });
});
