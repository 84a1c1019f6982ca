import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import type { Viewport } from './browser';

/** axe-core's browser build from node_modules: injected into the page, never fetched from a CDN. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 level A and AA (axe's tags); best practices and AAA are not part of the check. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per failing element: rule, impact, what axe says is wrong, and where. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'n/a'}): ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help} at ${node.target.join(' ')} — ${node.html.slice(0, 160)}`),
    )
    .join('\n');
}

/** Runs axe-core's WCAG 2.1 A/AA rules on the page as it is now; resolves to the violations. */
export async function axeViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // The app's Content-Security-Policy (script-src 'self') refuses an inline <script>, so
    // page.addScriptTag({ content }) cannot run here; evaluating through the DevTools protocol is
    // not subject to the page's policy and leaves that policy as the user gets it.
    await page.evaluate(axeSource);
  }
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    wcagTags,
  );
  return results.violations;
}

/** Longest wait for the page's transitions to end before it is checked. */
const SETTLE_TIMEOUT_MS = 2000;

/**
 * Waits until the page's running CSS transitions and finite animations have ended (spinners run
 * forever and are not waited for). axe reads colours as they are drawn: a toast still fading in
 * after the page was resized read 1.61:1 ("Avatar generation completed." at 375 px).
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async (timeout) => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, timeout))]);
  }, SETTLE_TIMEOUT_MS);
}

/**
 * Fails with every WCAG 2.1 A/AA violation axe-core finds on the page, at each of the given
 * widths (the page is resized to each, then back to the first). `screen` names it in the message.
 */
export async function expectAccessible(page: Page, screen: string, widths: readonly Viewport[] = [page.viewportSize() ?? { width: 1280, height: 800 }]): Promise<void> {
  const original = page.viewportSize();
  const failures: string[] = [];
  for (const viewport of widths) {
    if (original?.width !== viewport.width || original.height !== viewport.height) await page.setViewportSize(viewport);
    await settleAnimations(page);
    const violations = await axeViolations(page);
    if (violations.length > 0) failures.push(`${screen} at ${viewport.width} px:\n${describeViolations(violations)}`);
  }
  if (original) await page.setViewportSize(original);
  if (failures.length > 0) throw new Error(`axe-core found WCAG 2.1 A/AA violations:\n${failures.join('\n')}`);
}
