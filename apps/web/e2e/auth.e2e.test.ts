import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { launchBrowser, newPage, viewports } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createTestUser, registerViaApi, signInViaUi } from './support/users';

const shotsDir = '/tmp/web-shots';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await mkdir(shotsDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('auth screen in Chromium against the real server', () => {
  it('register -> sign in -> navigation -> reload keeps the session -> sign out -> protected route redirects', async () => {
    const { context, page, pageErrors } = await newPage(browser);
    const user = createTestUser();
    const app = server.appUrl;

    // A protected route sends a visitor without a session to the auth screen.
    await page.goto(app);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/avatar-factory/auth');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    // Registration.
    await page.getByRole('button', { name: 'New user? Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Registration successful! You can now log in.').waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Confirm password').inputValue()).toBe('');
    await expect.poll(() => page.getByRole('button', { name: 'Create account' }).isDisabled()).toBe(true);

    // Sign in: the browser goes home and the navigation appears.
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    await page.getByRole('heading', { name: 'Create Your Avatar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/avatar-factory/');
    await expect.poll(() => nav.getByRole('link', { name: 'Create Avatar' }).isVisible()).toBe(true);
    await expect.poll(() => nav.getByRole('link', { name: 'Voice Models' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // A reload keeps the session (the stored token is checked with GET /api/users/me).
    const meAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/users/me')) meAnswers.push(response.status());
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Create Your Avatar' }).waitFor();
    expect(meAnswers).toEqual([200]);

    // A signed-in visitor of /auth goes to /.
    await page.goto(`${app}auth`);
    await page.getByRole('heading', { name: 'Create Your Avatar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/avatar-factory/');

    // Sign out: token gone, browser at the home URL, which then asks for sign-in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    // Every protected route now redirects to /auth.
    for (const route of ['voice-models', 'avatars/some-id/edit', '']) {
      await page.goto(`${app}${route}`);
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/avatar-factory/auth');
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a stale or forged token is discarded at start', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.appUrl}auth`);
    await page.evaluate(() => window.localStorage.setItem('token', 'not.a.valid-token'));
    await page.goto(server.appUrl);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('a session that ends after sign-in signs out to /auth at the first 401, with one toast', async () => {
    const { context, page } = await newPage(browser);
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    await signInViaUi(page, server.appUrl, user);
    await page.getByText('No avatars yet').waitFor();
    // The server no longer accepts the token (as after a new signing secret or an expired token).
    await page.evaluate(() => window.localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Voice Models' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/avatar-factory/auth');
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    // One clear message: not a stack of failed loads beside it.
    await page.waitForTimeout(500);
    expect(await page.getByText('Your session has expired. Please sign in again.').count()).toBe(1);
    expect(await page.getByText(/^Failed to/).count()).toBe(0);
    // Signing in again works and lands home.
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await context.close();
  });

  it('a wrong password shows the sign-in error', async () => {
    const { context, page } = await newPage(browser);
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    await page.goto(`${server.appUrl}auth`);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain('Invalid email or password. Please try again.');
    await expect.poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.screenshot({ path: `${shotsDir}/auth-sign-in-error-1280.png` });
    await context.close();
  });

  it('repeated failures hit the server rate limit; the page says so under the spec message', async () => {
    const { context, page } = await newPage(browser);
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    await page.goto(`${server.appUrl}auth`);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    // Fail this e-mail's sign-in through the real API until the server makes it wait (after the
    // free failures each wait doubles: 1 s, 2 s, 4 s ...); the form is filled first so the click
    // lands well inside a wait of 4 s or more, even on a slow machine.
    let status = 0;
    let retryAfter = 0;
    for (let attempt = 0; attempt < 12 && retryAfter < 4; attempt += 1) {
      const answer = await fetch(`${server.baseUrl}/api/token`, {
        method: 'POST',
        body: new URLSearchParams({ username: user.email, password: 'wrong password' }),
      });
      status = answer.status;
      retryAfter = status === 429 ? Number(answer.headers.get('retry-after')) : 0;
      if (status === 429 && retryAfter < 4) await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    }
    expect(status).toBe(429);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('Invalid email or password. Please try again.');
    expect(text).toMatch(/Too many failed sign-in attempts\. Try again in \d+ seconds\./);
    await context.close();
  });

  it('a duplicate registration shows the registration error', async () => {
    const { context, page } = await newPage(browser);
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    await page.goto(`${server.appUrl}auth`);
    await page.getByRole('button', { name: 'New user? Create an account' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain('Registration failed. This email might already be registered.');
    await context.close();
  });

  it('mismatched passwords are refused in the page', async () => {
    const { context, page } = await newPage(browser);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/users')) requests.push(request.url());
    });
    await page.goto(`${server.appUrl}auth`);
    await page.getByRole('button', { name: 'New user? Create an account' }).click();
    await page.getByLabel('Email').fill(createTestUser().email);
    await page.getByLabel('Password', { exact: true }).fill('first password');
    await page.getByLabel('Confirm password').fill('second password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Passwords do not match');
    expect(requests).toEqual([]);
    await context.close();
  });

  it('the sign-in form works from the keyboard alone', async () => {
    const { context, page } = await newPage(browser);
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    await page.goto(`${server.appUrl}auth`);
    await page.getByLabel('Email address').focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await context.close();
  });

  it('looks right at 375 and 1280 px (screenshots in /tmp/web-shots)', async () => {
    for (const [name, viewport] of [
      ['375', viewports.mobile],
      ['1280', viewports.desktop],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${server.appUrl}auth`);
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      // No horizontal scrolling at either width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${shotsDir}/auth-sign-in-${name}.png`, fullPage: true });
      await expectAccessible(page, 'auth screen, sign in');
      await page.getByRole('button', { name: 'New user? Create an account' }).click();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await page.screenshot({ path: `${shotsDir}/auth-register-${name}.png`, fullPage: true });
      await expectAccessible(page, 'auth screen, registration');
      await context.close();
    }
  });
});
