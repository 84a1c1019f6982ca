import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemo, startStaticServer, writeSpeech, writeSyntheticBundle } from './testing/demo-server';

/**
 * The renderer in headless Chromium: both backends draw the synthetic rig (served as rig.json + PNGs
 * and loaded with loadRigBundle), and the mouth region's pixels change while it speaks a sentence
 * from @avatar-factory/speech with lip sync, far more than with lip sync off.
 * Screenshots go to /tmp/renderer-shots.
 */
const SHOTS = '/tmp/renderer-shots';
const SENTENCE = 'Hello, my name is Anna. How are you today?';
const DPR = 2;

/** The square of the synthetic 256 x 320 rig that its second bundle shows: the face's middle. */
const VIEW = { x: 48, y: 64, width: 160, height: 160 };

let browser: Browser;
let server: { url: string; close(): Promise<void> };
let root: string;
let speechMs = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'avatar-renderer-browser-'));
  await buildDemo(root);
  await writeSyntheticBundle(join(root, 'rig'));
  // The same rig showing only a square of its portrait (as a tight headshot's rig shows its photo).
  const { rig } = await writeSyntheticBundle(join(root, 'rig-view'));
  await writeFile(join(root, 'rig-view', 'rig.json'), JSON.stringify({ ...rig, view: VIEW }));
  speechMs = (await writeSpeech(join(root, 'speech'), SENTENCE)).durationMs;
  await mkdir(SHOTS, { recursive: true });
  server = await startStaticServer(root);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run',
      '--autoplay-policy=no-user-gesture-required'],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

interface Shot { png: PNG; bytes: Buffer }

async function shoot(page: Page, selector = '#avatar'): Promise<Shot> {
  const bytes = await page.locator(selector).screenshot();
  return { bytes, png: PNG.sync.read(bytes) };
}

/** Mean absolute RGB difference inside a rectangle (device pixels). */
function meanDiff(a: PNG, b: PNG, rect: { x: number; y: number; width: number; height: number }): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(rect.y); y < Math.ceil(rect.y + rect.height); y++) {
    for (let x = Math.floor(rect.x); x < Math.ceil(rect.x + rect.width); x++) {
      const o = (y * a.width + x) * 4;
      sum += Math.abs(a.data[o]! - b.data[o]!) + Math.abs(a.data[o + 1]! - b.data[o + 1]!) + Math.abs(a.data[o + 2]! - b.data[o + 2]!);
      n += 3;
    }
  }
  return sum / n;
}

/** Share of pixels in a flat, horizontally uniform region that differ from their left neighbour: seams. */
function seamShare(png: PNG, rect: { x: number; y: number; width: number; height: number }): number {
  let seams = 0;
  let n = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x + 1; x < rect.x + rect.width; x++) {
      const o = (y * png.width + x) * 4;
      if (Math.abs(png.data[o]! - png.data[o - 4]!) + Math.abs(png.data[o + 2]! - png.data[o - 2]!) > 6) seams++;
      n++;
    }
  }
  return seams / n;
}

function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const o = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[o]!, png.data[o + 1]!, png.data[o + 2]!];
}

type Harness = { speaking: boolean; error?: string; spokenMs?: number; watchMouth(): void; mouthStats(): { frames: number; maxDiff: number; maxCavity: number } };

/**
 * Speaks the sentence while the page samples the mouth region of every drawn frame (largest change
 * against the frame before speaking, most dark-cavity pixels); also keeps the screenshot that shows
 * the largest change, for people to look at.
 */
async function speakAndWatch(page: Page, rest: PNG, mouth: { x: number; y: number; width: number; height: number }) {
  await page.evaluate(() => (window as unknown as { harness: Harness }).harness.watchMouth());
  await page.click('#speak');
  await page.waitForFunction(() => (window as unknown as { harness: Harness }).harness.speaking);
  let best = { diff: 0, shot: undefined as Shot | undefined };
  const started = Date.now();
  while (Date.now() - started < speechMs * 2 + 3000) {
    const state = await page.evaluate(() => {
      const h = (window as unknown as { harness: Harness }).harness;
      return { speaking: h.speaking, error: h.error };
    });
    expect(state.error).toBeUndefined();
    if (!state.speaking) break;
    const shot = await shoot(page);
    const diff = meanDiff(rest, shot.png, mouth);
    if (diff > best.diff) best = { diff, shot };
    await page.waitForTimeout(100);
  }
  const result = await page.evaluate(() => {
    const h = (window as unknown as { harness: Harness }).harness;
    return { spokenMs: h.spokenMs, stats: h.mouthStats() };
  });
  return { shot: best.shot, spokenMs: result.spokenMs, diff: result.stats.maxDiff, cavity: result.stats.maxCavity, frames: result.stats.frames };
}

describe.each(['webgl2', 'canvas2d'] as const)('%s backend in Chromium', (kind) => {
  it('draws the rig, letterboxed at the device pixel ratio, and moves the mouth only with lip sync on', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 900 }, deviceScaleFactor: DPR });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.url}/index.html?renderer=${kind}`);
      await page.waitForFunction(() => {
        const h = (window as unknown as { harness: { ready: boolean; error?: string } }).harness;
        return h.ready || !!h.error;
      });
      const state = await page.evaluate(() => {
        const h = (window as unknown as { harness: { backend?: string; error?: string; mouthRect?: { x: number; y: number; width: number; height: number } } }).harness;
        const canvas = document.getElementById('avatar') as HTMLCanvasElement;
        return { backend: h.backend, error: h.error, mouth: h.mouthRect!, backing: [canvas.width, canvas.height] };
      });
      expect(state.error).toBeUndefined();
      expect(state.backend).toBe(kind);
      if (kind === 'webgl2') {
        // Chromium here draws WebGL on the CPU (SwiftShader): multisampling would double each frame's cost.
        const antialias = await page.evaluate(() => (document.getElementById('avatar') as HTMLCanvasElement).getContext('webgl2')?.getContextAttributes()?.antialias);
        expect(antialias).toBe(false);
      }
      await page.waitForTimeout(400);
      expect(state.backing).toEqual([400 * DPR, 400 * DPR]);

      const rest = await shoot(page);
      await writeFile(join(SHOTS, `${kind}-rest.png`), rest.bytes);
      const png = rest.png;
      expect([png.width, png.height]).toEqual([400 * DPR, 400 * DPR]);
      // The 256 x 320 rig fills the height: bars left and right show the page's #111 canvas background.
      expect(pixel(png, 10, 400)).toEqual([17, 17, 17]);
      // Face centre is skin, background corner of the portrait is the painted blue-grey.
      const [r, g, b] = pixel(png, 400, 420);
      expect(r).toBeGreaterThan(200);
      expect(g).toBeGreaterThan(150);
      expect(b).toBeLessThan(170);
      const corner = pixel(png, 400 - 160 * 2 * 0.8 + 8, 12);
      expect(corner[2]).toBeGreaterThan(200);
      // No triangle seams in the flat background beside the head (a vertical gradient only).
      const seams = seamShare(png, { x: 90, y: 300, width: 90, height: 250 });
      expect(seams).toBeLessThan(0.005);

      const mouth = { x: state.mouth.x * DPR, y: state.mouth.y * DPR, width: state.mouth.width * DPR, height: state.mouth.height * DPR };
      const on = await speakAndWatch(page, png, mouth);
      await writeFile(join(SHOTS, `${kind}-speaking.png`), on.shot!.bytes);
      // speak() resolves when the audio ends: not before the sentence's length, and not never (a
      // starved CPU slows Chromium's audio clock, hence the very loose upper bound: this is no timing test).
      expect(on.spokenMs).toBeGreaterThan(speechMs * 0.95);
      expect(on.spokenMs).toBeLessThan(speechMs * 4 + 5000);

      await page.uncheck('#lipsync');
      await page.waitForTimeout(300);
      const restOff = await shoot(page);
      const off = await speakAndWatch(page, restOff.png, mouth);
      console.info(`${kind}: mouth region mean |diff| vs rest: lip sync on ${on.diff.toFixed(1)}, off ${off.diff.toFixed(1)} (0-255); `
        + `cavity pixels on ${on.cavity}, off ${off.cavity}; ${on.frames} frames sampled; seams ${(seams * 100).toFixed(2)} %; speak resolved after ${on.spokenMs?.toFixed(0)} ms for ${speechMs.toFixed(0)} ms of audio`);
      expect(on.diff).toBeGreaterThan(8);
      expect(on.diff).toBeGreaterThan(off.diff * 1.5);
      // The open mouth shows its dark interior; with lip sync off it stays shut (head and breath still move).
      expect(on.frames).toBeGreaterThan(20);
      expect(on.cavity).toBeGreaterThan(500);
      expect(off.cavity).toBeLessThan(on.cavity / 10);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws only the rig\'s view, filling the canvas with it', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 900 }, deviceScaleFactor: DPR });
    const page = await context.newPage();
    try {
      const rest = async (rig: string) => {
        await page.goto(`${server.url}/index.html?renderer=${kind}&rig=${rig}&lipsync=off`);
        await page.waitForFunction(() => (window as unknown as { harness: { ready: boolean } }).harness.ready);
        await page.waitForTimeout(400);
        return (await shoot(page)).png;
      };
      const whole = await rest('./rig'), viewed = await rest('./rig-view');
      await writeFile(join(SHOTS, `${kind}-view.png`), PNG.sync.write(viewed));
      // No letterbox bars: the square view fills the square canvas.
      for (const [x, y] of [[4, 4], [10, 400], [795, 795]] as const) expect(pixel(viewed, x, y)).not.toEqual([17, 17, 17]);
      // Each pixel shows the portrait's point the view puts there: compared on a grid with the whole
      // rig's frame (2.5 device px per rig px, 80 px bars), allowing for the idle motion's pixel or two.
      const viewScale = (400 * DPR) / VIEW.width;
      let differing = 0, points = 0;
      for (let y = 20; y < 400 * DPR; y += 40) {
        for (let x = 20; x < 400 * DPR; x += 40) {
          const [rx, ry] = [VIEW.x + x / viewScale, VIEW.y + y / viewScale];
          const a = pixel(viewed, x, y), b = pixel(whole, 80 + rx * 2.5, ry * 2.5);
          if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) > 40) differing++;
          points++;
        }
      }
      expect(differing / points).toBeLessThan(0.1);
    } finally {
      await context.close();
    }
  });

  it('draws rest, mouth-open and blink poses', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/index.html?renderer=${kind}`);
      await page.waitForFunction(() => (window as unknown as { harness: { ready: boolean } }).harness.ready);
      await page.evaluate(() => (window as unknown as { harness: { drawPoses(p: object): string[] } }).harness.drawPoses({
        rest: {}, open: { jawOpen: 1 }, round: { jawOpen: 0.4, lipsRound: 1 }, blink: { blinkLeft: 1, blinkRight: 1 },
      }));
      const shots: Record<string, PNG> = {};
      for (const name of ['rest', 'open', 'round', 'blink']) {
        const shot = await shoot(page, `#pose-${name}`);
        shots[name] = shot.png;
        await writeFile(join(SHOTS, `${kind}-pose-${name}.png`), shot.bytes);
      }
      const all = { x: 0, y: 0, width: shots.rest!.width, height: shots.rest!.height };
      expect(meanDiff(shots.rest!, shots.open!, all)).toBeGreaterThan(1);
      expect(meanDiff(shots.rest!, shots.blink!, all)).toBeGreaterThan(0.3);
      expect(meanDiff(shots.rest!, shots.rest!, all)).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('player lifecycle in Chromium', () => {
  it('falls back to Canvas 2D when WebGL2 is unavailable, sleeps while hidden and stops on destroy', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
    // A browser without WebGL2, and a counter of animation frames.
    await context.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        if (kind === 'webgl2') return null;
        return (getContext as (...args: unknown[]) => unknown).call(this, kind, ...rest);
      } as typeof getContext;
      const w = window as unknown as { frames_: number };
      w.frames_ = 0;
      const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => raf((time) => {
        w.frames_++;
        callback(time);
      });
    });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/index.html?renderer=auto`);
      await page.waitForFunction(() => (window as unknown as { harness: { ready: boolean } }).harness.ready);
      expect(await page.evaluate(() => (window as unknown as { harness: { backend: string } }).harness.backend)).toBe('canvas2d');
      const frames = () => page.evaluate(() => (window as unknown as { frames_: number }).frames_);
      const running = async () => {
        const before = await frames();
        await page.waitForTimeout(600);
        return (await frames()) - before;
      };
      // At least a few frames even on a starved CPU; exactly none while hidden.
      expect(await running()).toBeGreaterThan(2);

      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      expect(await running()).toBe(0);
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      expect(await running()).toBeGreaterThan(2);

      // Destroy mid-speech: the speak() promise settles and the loop ends.
      await page.click('#speak');
      await page.waitForFunction(() => (window as unknown as { harness: { speaking: boolean } }).harness.speaking);
      await page.waitForTimeout(300);
      await page.evaluate(() => (window as unknown as { harness: { player: { destroy(): void } } }).harness.player.destroy());
      await page.waitForFunction(() => !(window as unknown as { harness: { speaking: boolean } }).harness.speaking, undefined, { timeout: 2000 });
      expect(await running()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
