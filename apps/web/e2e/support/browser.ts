import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; playwright-core never downloads a browser of its own. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** `args` adds Chromium switches, e.g. '--autoplay-policy=no-user-gesture-required'. */
export function launchBrowser(options: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...(options.args ?? [])] });
}

export type Viewport = { width: number; height: number };

export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const satisfies Record<string, Viewport>;

/**
 * A fresh context (own cookies and local storage) per test, so no session leaks between tests.
 * Console errors and page crashes are collected so a test can assert the page stayed clean.
 */
export async function newPage(
  browser: Browser,
  viewport: Viewport = viewports.desktop,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

/**
 * A browser whose user has blocked third-party cookies (Chromium's own setting, written into a
 * fresh profile): a cross-site iframe then gets a SecurityError when it touches localStorage.
 */
export async function launchWithThirdPartyStorageBlocked(viewport: Viewport = viewports.desktop): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'af-chromium-'));
  mkdirSync(path.join(profile, 'Default'));
  writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify({ profile: { block_third_party_cookies: true, cookie_controls_mode: 1 } }));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: chromiumArgs, viewport });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Collects Content-Security-Policy violations in every frame of the pages of a context. */
export async function recordCspViolations(context: BrowserContext): Promise<(page: Page) => Promise<string[]>> {
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  return async (page) => (await Promise.all(page.frames().map((frame) => frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [])))).flat();
}
