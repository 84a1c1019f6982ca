import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '@avatar-factory/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * A deployed avatar has a public page at preview_url; 'Deleting the task or undeploying
 * removes the page (404)' - the page itself, not only its /api/public calls.
 */
describe('the public Web Avatar page follows its avatar', () => {
  let t: TestApp;
  let webDir: string;
  let alice: { authorization: string };
  let aliceId: string;

  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'af-web-'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Avatar Factory</title></head><body></body></html>');
    t = await createTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://avatars.example.com' });
    alice = await t.signUp();
    aliceId = userSchema.parse((await t.server.inject({ method: 'GET', url: '/api/users/me', headers: alice })).json()).id;
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  const page = (publicId: string) => t.server.inject({ method: 'GET', url: `/avatar-factory/w/${publicId}`, headers: { accept: 'text/html' } });

  /** A completed avatar in the state the deploy job leaves it: deployed under a public id. */
  const deployedAvatar = async (name: string, publicId: string) => {
    const row = await t.repositories.avatars.insert({
      userId: aliceId,
      avatarName: name,
      voiceType: 'female',
      photoKey: 'none',
      status: 'completed',
      progress: 100,
      hasResult: true,
      deployStatus: 'deployed',
      publicId,
    });
    return row!.id;
  };

  it('serves the page of a deployed avatar, and a 404 page for an id that was never published', async () => {
    const taskId = await deployedAvatar('Shown', 'ShownPage1234567');
    const task = (await t.server.inject({ method: 'GET', url: `/api/tasks/${taskId}`, headers: alice })).json();
    expect(task.result.preview_url).toBe('https://avatars.example.com/avatar-factory/w/ShownPage1234567');

    const shown = await page('ShownPage1234567');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    // The page's head says, for machines, what its label says for people.
    const head = /<head>(.*)<\/head>/s.exec(shown.body)?.[1] ?? '';
    expect(head).toMatch(/<meta name="ai-generated" content="AI-generated: [^"]*Avatar Factory" \/>/);
    expect((await t.server.inject({ method: 'GET', url: '/avatar-factory/', headers: { accept: 'text/html' } })).body).not.toContain('ai-generated');

    const never = await page('NeverPublished12345');
    expect(never.statusCode).toBe(404);
    // Still the app, so the visitor reads a page saying so.
    expect(never.headers['content-type']).toContain('text/html');
    expect(never.body).toContain('<title>Avatar Factory</title>');
  });

  it('lets other sites frame exactly a published avatar page and nothing else', async () => {
    await deployedAvatar('Framed', 'FramedPage123456');
    const framing = async (url: string) => {
      const res = await t.server.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const policy = String(res.headers['content-security-policy']);
      return { url, status: res.statusCode, frameAncestors: /frame-ancestors ([^;]*)/.exec(policy)?.[1], xFrameOptions: res.headers['x-frame-options'] };
    };
    expect(await framing('/avatar-factory/w/FramedPage123456')).toEqual({ url: '/avatar-factory/w/FramedPage123456', status: 200, frameAncestors: '*', xFrameOptions: undefined });
    expect(await framing('/avatar-factory/w/FramedPage123456/')).toMatchObject({ status: 200, frameAncestors: '*' });
    for (const url of [
      '/avatar-factory/w/NotPublished1234',
      '/avatar-factory/w/notpublished/x',
      '/avatar-factory/w/FramedPage123456/voice-models',
      '/avatar-factory/w/',
    ]) {
      expect(await framing(url)).toMatchObject({ url, status: 404, frameAncestors: "'none'", xFrameOptions: 'DENY' });
    }
    for (const url of ['/avatar-factory/', '/avatar-factory/voice-models', '/avatar-factory/licences', '/avatar-factory/auth']) {
      expect(await framing(url)).toMatchObject({ url, status: 200, frameAncestors: "'none'", xFrameOptions: 'DENY' });
    }
    // The public API a framed page calls is not a page: it is never framed either.
    const api = await t.server.inject({ method: 'GET', url: '/api/public/avatars/FramedPage123456' });
    expect(api.headers['x-frame-options']).toBe('DENY');
  });

  it('deleting the task makes the page and its API 404', async () => {
    const taskId = await deployedAvatar('Gone', 'GonePage12345678');
    expect((await page('GonePage12345678')).statusCode).toBe(200);
    expect((await t.server.inject({ method: 'GET', url: '/api/public/avatars/GonePage12345678' })).statusCode).toBe(200);

    const removed = await t.server.inject({ method: 'DELETE', url: `/api/tasks/${taskId}`, headers: alice });
    expect(removed.statusCode).toBe(204);
    expect((await page('GonePage12345678')).statusCode).toBe(404);
    expect((await t.server.inject({ method: 'GET', url: '/api/public/avatars/GonePage12345678' })).statusCode).toBe(404);
  });

  it('an avatar back in deploy_status ready (a failed or undone deploy) has no page', async () => {
    const taskId = await deployedAvatar('Undone', 'UndonePage123456');
    await t.repositories.avatars.update(taskId, { deployStatus: 'ready' });
    expect((await page('UndonePage123456')).statusCode).toBe(404);
    expect((await t.server.inject({ method: 'GET', url: '/api/public/avatars/UndonePage123456' })).statusCode).toBe(404);
  });
});
