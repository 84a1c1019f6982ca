import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAiLabel, labelHidingQuery } from './support/ai-label';
import { launchBrowser, launchWithThirdPartyStorageBlocked, newPage, recordCspViolations, viewports } from './support/browser';
import { createDeployedAvatar, tokenViaApi } from './support/deployed-avatar';
import { startServer, type RunningServer } from './support/server';
import { createTestUser, registerViaApi, signInViaUi } from './support/users';

/**
 * Framing, storage and header rules in a real browser: the public page embedded by another site (localhost
 * framing 127.0.0.1 is cross-site) works with third-party storage blocked, only it can be framed,
 * its footer link leaves the frame, and no page breaks the CSP (style-src 'self').
 */
const avatarName = 'Ada';
/** The AI-generated label's screenshots. */
const labelShotsDir = process.env.WEB_SHOTS_DIR ?? '/tmp/web-shots';

/**
 * Style violations only: zod probes once whether it may compile parsers (`new Function`), which
 * the CSP refuses as it should (a 'script-src eval' report, caught by zod, nothing breaks).
 */
async function recordStyleViolations(context: Parameters<typeof recordCspViolations>[0]) {
  const read = await recordCspViolations(context);
  return async (page: Parameters<Awaited<ReturnType<typeof recordCspViolations>>>[0]) => (await read(page)).filter((violation) => violation.startsWith('style-src'));
}
let server: RunningServer;
let browser: Browser;
let embedder: http.Server;
let embedderOrigin: string;
let publicUrl: string;
let user: ReturnType<typeof createTestUser>;

/**
 * The embedding site: one iframe of the given URL, the owner's snippet as pasted (400x560) unless
 * a smaller frame is asked for.
 */
const embeddingPage = (src: string, size?: { width: number; height: number }) =>
  `${embedderOrigin}/?src=${encodeURIComponent(src)}${size ? `&w=${size.width}&h=${size.height}` : ''}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  user = createTestUser();
  await registerViaApi(server.baseUrl, user);
  const token = await tokenViaApi(server.baseUrl, user);
  const task = await createDeployedAvatar(server.baseUrl, token, { photo: 'grace_hopper.jpg', avatarName, voiceType: 'female', lipsync: true });
  publicUrl = `${server.baseUrl}${new URL(task.result.preview_url).pathname}`;
  embedder = http.createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const src = query.get('src') ?? '';
    const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const [width, height] = [Number(query.get('w')) || 400, Number(query.get('h')) || 560];
    response.setHeader('content-type', 'text/html');
    response.end(
      `<!doctype html><meta name="viewport" content="width=device-width"><title>Embedder</title><h1>A blog</h1><iframe src="${escaped}" width="${width}" height="${height}" style="border:0" allow="autoplay" title="${avatarName}"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  embedderOrigin = `http://localhost:${(embedder.address() as AddressInfo).port}`;
  await mkdir(labelShotsDir, { recursive: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => embedder?.close(resolve));
});

describe('the embedded public page', () => {
  it('works in a cross-site iframe with third-party storage blocked, and its footer link opens a new page', async () => {
    const blocked = await launchWithThirdPartyStorageBlocked();
    try {
      const styleViolations = await recordStyleViolations(blocked.context);
      const page = await blocked.context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(embeddingPage(publicUrl));
      const frame = page.frameLocator('iframe');

      // Storage really is blocked for the frame (the browser's own SecurityError).
      const inner = page.frames().find((candidate) => candidate.url().startsWith(server.baseUrl));
      expect(inner).toBeDefined();
      expect(await inner!.evaluate(() => {
        try {
          window.localStorage.getItem('token');
          return 'readable';
        } catch (error) {
          return (error as Error).name;
        }
      })).toBe('SecurityError');

      await frame.getByRole('heading', { name: avatarName }).waitFor({ timeout: 30_000 });
      expect(await frame.getByText('Something went wrong').count()).toBe(0);
      await frame.locator('[data-state="ready"]').waitFor({ timeout: 30_000 });
      // The AI-generated label in the snippet's frame (400x560) on a 1280 px page.
      const frameBox = await page.locator('iframe').boundingBox();
      await checkAiLabel(page, frame, { productName: 'Hibiki', avatarName, frame: frameBox!, shotsDir: labelShotsDir, name: 'embed-1280' });

      // It speaks: the speak call answers and the avatar starts talking.
      await frame.getByRole('textbox', { name: `What should ${avatarName} say?` }).fill('こんにちは。');
      const spoken = page.waitForResponse((response) => response.url().includes('/speak'));
      await frame.getByRole('button', { name: 'Speak', exact: true }).click();
      expect((await spoken).status()).toBe(200);

      // The footer's link leaves the frame alone and opens a page of its own.
      const link = frame.getByRole('link', { name: 'About and licences' });
      expect(await link.getAttribute('target')).toBe('_blank');
      const [popup] = await Promise.all([blocked.context.waitForEvent('page'), link.click()]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe('/avatar-factory/licences');
      expect(inner!.url()).toBe(publicUrl);

      expect(pageErrors).toEqual([]);
      expect(await styleViolations(page)).toEqual([]);
    } finally {
      await blocked.close();
    }
  });

  it('labels the avatar AI-generated in a small frame on a 375 px phone, whatever the query says', async () => {
    const { context, page, pageErrors } = await newPage(browser, viewports.mobile);
    try {
      // A phone's blog column: narrower and lower than the snippet's 400x560.
      await page.goto(embeddingPage(`${publicUrl}${labelHidingQuery}`, { width: 320, height: 420 }));
      const frame = page.frameLocator('iframe');
      await frame.locator('[data-state="ready"]').waitFor({ timeout: 30_000 });
      const frameBox = await page.locator('iframe').boundingBox();
      await checkAiLabel(page, frame, { productName: 'Hibiki', avatarName, frame: frameBox!, shotsDir: labelShotsDir, name: 'embed-375' });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('frames nothing else: private pages and unpublished ids are refused by the browser', async () => {
    const { context, page } = await newPage(browser);
    try {
      // Signed in at the app itself, as the owner in the same browser would be.
      await signInViaUi(page, server.appUrl, user);
      const framedRoot = async (src: string) => {
        await page.goto(embeddingPage(src));
        await page.getByRole('heading', { name: 'A blog' }).waitFor();
        const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
        await frame.waitForLoadState();
        // Chromium replaces a refused frame by its error page: nothing of the app runs there.
        return { url: frame.url(), app: await frame.evaluate(() => document.querySelector('#root') !== null).catch(() => false) };
      };
      expect(await framedRoot(publicUrl)).toEqual({ url: publicUrl, app: true });
      for (const src of [`${server.appUrl}voice-models`, `${server.appUrl}w/NotPublished12345`, `${server.appUrl}w/notpublished/x`, `${server.appUrl}licences`]) {
        expect(await framedRoot(src)).toEqual({ url: 'chrome-error://chromewebdata/', app: false });
      }
    } finally {
      await context.close();
    }
  });
});

describe('the strict style policy', () => {
  it('leaves the public page, its toast and the signed-in screens styled with no CSP violation', async () => {
    const { context, page, pageErrors } = await newPage(browser);
    try {
      const styleViolations = await recordStyleViolations(context);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      await page.goto(publicUrl);
      await page.getByText('Embed this avatar on your site').click();
      await page.getByRole('button', { name: /copy/i }).click();
      // The toast (sonner) is laid out by its stylesheet, now a file: fixed in a corner.
      const toaster = page.locator('[data-sonner-toaster]');
      await page.locator('[data-sonner-toast]').getByText('Embed code copied').waitFor();
      expect(await toaster.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
      expect(await page.locator('[data-sonner-toast]').evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
      await signInViaUi(page, server.appUrl, user);
      await page.goto(`${server.appUrl}voice-models`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(pageErrors).toEqual([]);
      expect(await styleViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
