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
