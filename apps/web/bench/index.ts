import type { Page } from 'playwright-core';
import { launchBrowser, viewports } from '../e2e/support/browser';
import { createDeployedAvatar, tokenViaApi } from '../e2e/support/deployed-avatar';
import { startServer } from '../e2e/support/server';
import { createTestUser, registerViaApi } from '../e2e/support/users';

type Row = { name: string; value: number; unit: string; goal?: string };

/** Fresh page loads, one Speak click each: what a visitor does (the audio starts cold every time). */
const CLICKS = 12;
/** The server bench's 30-character line: its first clause (13 characters) is made first. */
const TEXT = '今日はとても良い天気なので、近くの公園まで歩いて行きたいな。';
const avatarName = 'Bench';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Runs in the page before its scripts: the moment of the click (the event's own time stamp, so
 * the test driver's work before the click does not count), and every sound the page starts through
 * Web Audio's AudioBufferSourceNode (the browser's own method, wrapped): when start() was called
 * and when the sound is due to be heard (its `when` on the audio clock, put on the page's clock).
 */
function recordClickAndSound() {
  const w = window as unknown as { __bench: { clicks: number[]; sounds: Array<{ calledAt: number; startsAt: number }> } };
  w.__bench = { clicks: [], sounds: [] };
  window.addEventListener('click', (event) => w.__bench.clicks.push(event.timeStamp), { capture: true });
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: Parameters<AudioBufferSourceNode['start']>) {
    const calledAt = performance.now();
    const lead = Math.max(0, (args[0] ?? 0) - this.context.currentTime);
    w.__bench.sounds.push({ calledAt, startsAt: calledAt + lead * 1000 });
    return start.apply(this, args);
  };
}

type ClickTiming = { click: number; request: number; firstByte: number; soundCalled: number; soundStarts: number };

async function oneClick(page: Page, url: string): Promise<ClickTiming> {
  await page.goto(url);
  await page.locator('[data-state="ready"]').waitFor({ timeout: 30_000 });
  await page.getByRole('textbox', { name: `What should ${avatarName} say?` }).fill(TEXT);
  // Let the page settle (fonts, first frames) as it has by the time a visitor has typed.
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Speak', exact: true }).click();
  await page.waitForFunction(() => (window as unknown as { __bench: { sounds: unknown[] } }).__bench.sounds.length > 0, undefined, { timeout: 30_000 });
  // The resource entry is written when the whole answer has arrived.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/speak')), undefined, { timeout: 30_000 });
  return page.evaluate((): ClickTiming => {
    const bench = (window as unknown as { __bench: { clicks: number[]; sounds: Array<{ calledAt: number; startsAt: number }> } }).__bench;
    const speak = performance.getEntriesByType('resource').find((e) => e.name.includes('/speak')) as PerformanceResourceTiming;
    return { click: bench.clicks.at(-1)!, request: speak.startTime, firstByte: speak.responseStart, soundCalled: bench.sounds[0]!.calledAt, soundStarts: bench.sounds[0]!.startsAt };
  });
}

/**
 * The public Web Avatar page in headless Chromium against the real server (built app, real speech):
 * the Speak click -> the first sound, p50 over fresh page loads, and where that time goes.
 */
export async function benchRows(): Promise<Row[]> {
  const server = await startServer({ PUBLIC_RATE_LIMIT: '100000', PUBLIC_AVATAR_RATE_LIMIT: '100000' });
  const browser = await launchBrowser();
  try {
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    const token = await tokenViaApi(server.baseUrl, user);
    const task = await createDeployedAvatar(server.baseUrl, token, { photo: 'grace_hopper.jpg', avatarName, voiceType: 'female', lipsync: true });
    const url = `${server.baseUrl}${new URL(task.result.preview_url).pathname}`;
    const context = await browser.newContext({ viewport: viewports.desktop });
    await context.addInitScript(recordClickAndSound);
    const timings: ClickTiming[] = [];
    // One warm-up load (the server's first speech and the browser's caches), then the measured ones.
    for (let i = 0; i <= CLICKS; i++) {
      const page = await context.newPage();
      const timing = await oneClick(page, url);
      if (i > 0) timings.push(timing);
      await page.close();
    }
    await context.close();
    process.stderr.write(`web bench clicks (ms from the click: request, first byte, sound called, sound starts): ${JSON.stringify(timings.map((t) => [t.request, t.firstByte, t.soundCalled, t.soundStarts].map((at) => Math.round(at - t.click))))}\n`);
    const p50 = (pick: (t: ClickTiming) => number) => round(median(timings.map(pick)));
    const clicks = `p50 of ${CLICKS} fresh page loads`;
    return [
      { name: `web: public page Speak click -> first sound heard (headless Chromium, real server), ${clicks}`, value: p50((t) => t.soundStarts - t.click), unit: 'ms', goal: '<= 250' },
      { name: 'web:   click -> speak request sent', value: p50((t) => t.request - t.click), unit: 'ms' },
      { name: 'web:   request sent -> first byte (the server makes the first clause)', value: p50((t) => t.firstByte - t.request), unit: 'ms' },
      { name: 'web:   first byte -> sound scheduled (parse, decode, player)', value: p50((t) => t.soundCalled - t.firstByte), unit: 'ms' },
      { name: 'web:   sound scheduled -> sound starts (scheduling lead)', value: p50((t) => t.soundStarts - t.soundCalled), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
