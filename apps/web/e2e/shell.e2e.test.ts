import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { launchBrowser, newPage, viewports } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createTestUser, registerViaApi, signInViaUi } from './support/users';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('app shell in Chromium against the real server', () => {
  it('an unknown route shows "Page not found" with a link home', async () => {
    const { context, page } = await newPage(browser);
    const answer = await page.goto(`${server.appUrl}no/such/page`);
    expect(answer?.status()).toBe(200); // the SPA fallback; the client router decides
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectAccessible(page, 'not found, signed out', [viewports.desktop, viewports.mobile]);
    await page.getByRole('link', { name: 'Go to home page' }).click();
    // Home is protected: signed out, it lands on the auth screen.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await context.close();
  });

  it('the navigation highlights the current page and moves between screens', async () => {
    const { context, page, pageErrors } = await newPage(browser);
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    await signInViaUi(page, server.appUrl, user);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const create = nav.getByRole('link', { name: 'Create Avatar' });
    const voices = nav.getByRole('link', { name: 'Voice Models' });
    await expect.poll(() => create.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => voices.getAttribute('aria-current')).toBeNull();

    await voices.click();
    await page.getByRole('heading', { name: 'Voice Models' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/avatar-factory/voice-models');
    await expect.poll(() => voices.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => create.getAttribute('aria-current')).toBeNull();
    await page.getByRole('button', { name: 'Create New Voice Model' }).first().waitFor();

    await create.click();
    await page.getByRole('heading', { name: 'Create Your Avatar' }).waitFor();
    await expect
      .poll(() => page.getByText('Transform your photo into a speaking digital avatar in three simple steps').isVisible())
      .toBe(true);
    await expect.poll(() => create.getAttribute('aria-current')).toBe('page');

    // The edit screen is reachable directly (a deep link served by the SPA fallback).
    await page.goto(`${server.appUrl}avatars/abc123/edit`);
    await page.getByRole('heading', { name: 'Edit Avatar' }).waitFor();
    // The edit screen is part of the avatars section.
    await expect.poll(() => create.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => voices.getAttribute('aria-current')).toBeNull();
    await page.getByRole('button', { name: 'Back to Avatars' }).click();
    await page.getByRole('heading', { name: 'Create Your Avatar' }).waitFor();

    // Signed in, the 404 page keeps the navigation.
    await page.goto(`${server.appUrl}nothing-here`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect.poll(() => nav.isVisible()).toBe(true);
    await expectAccessible(page, 'not found, signed in', [viewports.desktop, viewports.mobile]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows a loading indicator while the stored session is being checked', async () => {
    const { context, page } = await newPage(browser);
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    await signInViaUi(page, server.appUrl, user);
    // Hold the real GET /api/users/me answer until the indicator has been seen.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/me', async (route) => {
      await gate;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('status', { name: 'Loading' }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'Create Your Avatar' }).waitFor();
    // The whole-page indicator gave way to the signed-in shell (the page may show its own loaders).
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await context.close();
  });

  it('the signed-in shell fits a 375 px phone', async () => {
    const { context, page } = await newPage(browser, viewports.mobile);
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    await signInViaUi(page, server.appUrl, user);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Every control of the navigation is fully on screen (not clipped or pushed off the edge).
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const control of [
      nav.getByRole('link', { name: 'Create Avatar' }),
      nav.getByRole('link', { name: 'Voice Models' }),
      page.getByRole('button', { name: 'Sign out' }),
    ]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewports.mobile.width);
      const fits = await control.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits).toBe(true);
    }
    await page.screenshot({ path: '/tmp/web-shots/home-375.png', fullPage: true });
    await page.setViewportSize(viewports.desktop);
    await page.screenshot({ path: '/tmp/web-shots/home-1280.png', fullPage: true });
    await context.close();
  });
});
