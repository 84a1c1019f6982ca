import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRig } from '@avatar-factory/avatar-rig/node';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemo, startStaticServer, writeSpeech } from './testing/demo-server';

/**
 * The renderer on real rigs built by @avatar-factory/avatar-rig from the fixture photos: the live
 * player speaks with lip sync in headless Chromium and the mouth region's pixels change; fixed poses
 * (rest, mouth open, blink) are drawn by both backends. Screenshots go to /tmp/renderer-shots.
 */
const SHOTS = '/tmp/renderer-shots';
const PHOTOS = ['astronaut.png', 'grace_hopper.jpg'];
type Rect = { x: number; y: number; width: number; height: number };

let browser: Browser;
let server: { url: string; close(): Promise<void> };
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'avatar-renderer-real-'));
  await buildDemo(root);
  await writeSpeech(join(root, 'speech'), 'Hello! How are you today? I am glad to meet you.');
  for (const photo of PHOTOS) {
    const built = await buildRig(await readFile(new URL(`../../../fixtures/faces/${photo}`, import.meta.url)));
    const dir = join(root, photo.replace(/\W/g, '-'));
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'rig.json'), JSON.stringify(built.rig));
    for (const [name, bytes] of Object.entries(built.textures)) await writeFile(join(dir, name), bytes);
  }
  await writeDepthRig(join(root, 'depth-v2'));
  await writeStripesRig(join(root, 'stripes'));
  await mkdir(SHOTS, { recursive: true });
  server = await startStaticServer(root);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/**
 * A rig v2 of two quads in one depth-tested layer: a blue one over the right half, nearer, listed
 * first, and a red one over the whole portrait, farther, listed last. Painted in array order the
 * red one would cover everything; drawn by depth the right half is blue.
 */
async function writeDepthRig(dir: string) {
  await mkdir(dir, { recursive: true });
  const size = 64;
  const box = { x: 0, y: 0, width: size, height: size };
  // Each quad maps onto its own half of a texture, left red, right blue (a non-degenerate map: the Canvas 2D backend needs one).
  const red = [0.1, 0.1, 0.4, 0.1, 0.4, 0.9, 0.1, 0.9], blue = red.map((v, i) => (i % 2 === 0 ? v + 0.5 : v));
  const rig = {
    format: 'avatar-rig', version: 2, width: size, height: size,
    vertices: [size / 2, 0, size, 0, size, size, size / 2, size, 0, 0, size, 0, size, size, 0, size],
    depth: [5, 5, 5, 5, -5, -5, -5, -5],
    layers: [{ name: 'face', texture: 'quads.png', uvs: [...blue, ...red], triangles: [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7], depthTest: true }],
    targets: [],
    visemes: Object.fromEntries(['sil', 'PP', 'FF', 'TH', 'DD', 'kk', 'CH', 'SS', 'nn', 'RR', 'aa', 'E', 'I', 'O', 'U'].map((v) => [v, {}])),
    face: { box, mouth: box, leftEye: box, rightEye: box },
  };
  const quads = new PNG({ width: 16, height: 16 });
  for (let p = 0; p < 256; p++) quads.data.set(p % 16 < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255], p * 4);
  await writeFile(join(dir, 'quads.png'), PNG.sync.write(quads));
  await writeFile(join(dir, 'rig.json'), JSON.stringify(rig));
}

/**
 * A rig of one quad over the whole 700 px portrait, textured with 1 px black and white stripes.
 * Drawn 200 px wide, 3.5 texels fall on a pixel: sampled from the full-size level the stripes
 * alias into bands; from the right mip level they blend to an even grey.
 */
async function writeStripesRig(dir: string) {
  await mkdir(dir, { recursive: true });
  const size = 700;
  const box = { x: 0, y: 0, width: size, height: size };
  const rig = {
    format: 'avatar-rig', version: 2, width: size, height: size,
    vertices: [0, 0, size, 0, size, size, 0, size],
    depth: [0, 0, 0, 0],
    layers: [{ name: 'face', texture: 'stripes.png', uvs: [0, 0, 1, 0, 1, 1, 0, 1], triangles: [0, 1, 2, 0, 2, 3], depthTest: true }],
    targets: [],
    visemes: Object.fromEntries(['sil', 'PP', 'FF', 'TH', 'DD', 'kk', 'CH', 'SS', 'nn', 'RR', 'aa', 'E', 'I', 'O', 'U'].map((v) => [v, {}])),
    face: { box, mouth: box, leftEye: box, rightEye: box },
  };
  const stripes = new PNG({ width: size, height: size });
  for (let p = 0; p < size * size; p++) stripes.data.set((p % size) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255], p * 4);
  await writeFile(join(dir, 'stripes.png'), PNG.sync.write(stripes));
  await writeFile(join(dir, 'rig.json'), JSON.stringify(rig));
}

function meanDiff(a: PNG, b: PNG, rect: Rect): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(rect.y); y < Math.ceil(rect.y + rect.height); y++) {
    for (let x = Math.floor(rect.x); x < Math.ceil(rect.x + rect.width); x++) {
      const o = (y * a.width + x) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[o + c]! - b.data[o + c]!);
      n += 3;
    }
  }
  return sum / n;
}

/** Peak signal-to-noise ratio of two same-sized screenshots over their colour channels, in dB. */
function psnr(a: PNG, b: PNG): number {
  let squared = 0;
  let n = 0;
  for (let o = 0; o < a.data.length; o += 4) {
    for (let c = 0; c < 3; c++) squared += (a.data[o + c]! - b.data[o + c]!) ** 2;
    n += 3;
  }
  return 10 * Math.log10((255 * 255) / Math.max(squared / n, 1e-9));
}

const POSES = ['rest', 'open', 'blink'] as const;
/** Canvas 2D against WebGL2 on the same pose: grace_hopper.jpg's fine wrinkles and glasses measure 32 dB, astronaut.png 38-40. */
const MIN_BACKEND_PSNR_DB = 29;

type HarnessState = { ready: boolean; speaking: boolean; error?: string; backend?: string; mouthRect?: Rect };
const state = (page: Page) => page.evaluate(() => {
  const h = (window as unknown as { harness: HarnessState }).harness;
  return { ready: h.ready, speaking: h.speaking, error: h.error, backend: h.backend, mouthRect: h.mouthRect };
});

describe.each(PHOTOS)('real rig from %s', (photo) => {
  const rigPath = photo.replace(/\W/g, '-');

  // One photo is enough for the live path (it costs ~8 s of CPU); poses are drawn for both.
  it.runIf(photo === PHOTOS[0])('speaks with lip sync: the mouth region changes while the audio plays', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    try {
      await page.goto(`${server.url}/index.html?renderer=auto&rig=./${rigPath}`);
      await page.waitForFunction(() => {
        const h = (window as unknown as { harness: HarnessState }).harness;
        return h.ready || !!h.error;
      });
      const initial = await state(page);
      expect(initial.error).toBeUndefined();
      await page.waitForTimeout(300);
      const rest = await page.locator('#avatar').screenshot();
      await writeFile(join(SHOTS, `real-${rigPath}-rest.png`), rest);
      const restPng = PNG.sync.read(rest);
      await page.evaluate(() => (window as unknown as { harness: { watchMouth(): void } }).harness.watchMouth());
      await page.click('#speak');
      await page.waitForFunction(() => (window as unknown as { harness: HarnessState }).harness.speaking);
      let best = { diff: 0, shot: rest };
      // Screenshots only keep the most open-mouthed picture; the page samples every frame itself.
      for (let i = 0; i < 40 && (await state(page)).speaking; i++) {
        const shot = await page.locator('#avatar').screenshot();
        const diff = meanDiff(restPng, PNG.sync.read(shot), initial.mouthRect!);
        if (diff > best.diff) best = { diff, shot };
      }
      await writeFile(join(SHOTS, `real-${rigPath}-speaking.png`), best.shot);
      await page.waitForFunction(() => !(window as unknown as { harness: HarnessState }).harness.speaking, undefined, { timeout: 15_000 });
      const stats = await page.evaluate(() => (window as unknown as { harness: { mouthStats(): { frames: number; maxDiff: number } } }).harness.mouthStats());
      console.info(`real rig ${photo} (${initial.backend}): mouth region largest mean |diff| while speaking ${stats.maxDiff.toFixed(1)} (0-255) over ${stats.frames} frames`);
      expect(stats.frames).toBeGreaterThan(20);
      expect(stats.maxDiff).toBeGreaterThan(5);
      expect((await state(page)).error).toBeUndefined();
    } finally {
      await page.close();
    }
  });

  /** The rest, open and blink poses drawn by one backend, as screenshots. */
  const poseShots = async (kind: string): Promise<Record<string, PNG>> => {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    try {
      await page.goto(`${server.url}/index.html?renderer=${kind}&rig=./${rigPath}`);
      await page.waitForFunction(() => (window as unknown as { harness: HarnessState }).harness.ready);
      await page.evaluate(() => (window as unknown as { harness: { drawPoses(p: object): string[] } }).harness.drawPoses({
        rest: {}, open: { jawOpen: 1 }, blink: { blinkLeft: 1, blinkRight: 1 },
      }));
      const shots: Record<string, PNG> = {};
      for (const name of POSES) {
        const bytes = await page.locator(`#pose-${name}`).screenshot();
        await writeFile(join(SHOTS, `real-${rigPath}-${kind}-${name}.png`), bytes);
        shots[name] = PNG.sync.read(bytes);
      }
      return shots;
    } finally {
      await page.close();
    }
  };

  it('draws rest, open and blink poses, the same picture with Canvas 2D as with WebGL2', async () => {
    const webgl2 = await poseShots('webgl2');
    const canvas2d = await poseShots('canvas2d');
    for (const shots of [webgl2, canvas2d]) {
      const all = { x: 0, y: 0, width: shots.rest!.width, height: shots.rest!.height };
      expect(meanDiff(shots.rest!, shots.open!, all)).toBeGreaterThan(0.3);
      expect(meanDiff(shots.rest!, shots.blink!, all)).toBeGreaterThan(0.1);
    }
    // The fallback draws what WebGL2 draws, up to filtering and edge antialiasing (measured 32-40
    // dB; a triangle left out or textured from the wrong place costs far more).
    for (const name of POSES) expect(psnr(canvas2d[name]!, webgl2[name]!), name).toBeGreaterThan(MIN_BACKEND_PSNR_DB);
  });
});

describe('texture filtering', () => {
  it.each(['cpu', 'gpu'])('webgl2 (%s settings) draws a texture shown smaller than its size from its mipmaps: fine stripes blend to grey', async (settings) => {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    try {
      await page.goto(`${server.url}/index.html?renderer=webgl2&rig=./stripes&webgl=${settings}`);
      await page.waitForFunction(() => (window as unknown as { harness: HarnessState }).harness.ready);
      await page.evaluate(() => (window as unknown as { harness: { drawPoses(p: object): string[] } }).harness.drawPoses({ rest: {} }));
      const shot = PNG.sync.read(await page.locator('#pose-rest').screenshot());
      const lumas: number[] = [];
      for (let y = Math.round(shot.height * 0.4); y < shot.height * 0.6; y++) {
        for (let x = Math.round(shot.width * 0.2); x < shot.width * 0.8; x++) lumas.push(shot.data[(y * shot.width + x) * 4]!);
      }
      const mean = lumas.reduce((a, b) => a + b, 0) / lumas.length;
      const spread = Math.sqrt(lumas.reduce((a, b) => a + (b - mean) ** 2, 0) / lumas.length);
      expect(mean).toBeGreaterThan(90);
      expect(mean).toBeLessThan(170);
      expect(spread).toBeLessThan(20);
    } finally {
      await page.close();
    }
  });
});

describe('rig v2 depth', () => {
  // WebGL2 draws by depth with a depth buffer on a GPU and back to front on a CPU rasteriser (as Canvas 2D does).
  it.each([['webgl2', 'cpu'], ['webgl2', 'gpu'], ['canvas2d', 'cpu']])('%s (%s settings) draws the nearer of two overlapping quads, not the later one', async (kind, settings) => {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    try {
      await page.goto(`${server.url}/index.html?renderer=${kind}&rig=./depth-v2&webgl=${settings}`);
      await page.waitForFunction(() => (window as unknown as { harness: HarnessState }).harness.ready);
      expect((await state(page)).backend).toBe(kind);
      await page.evaluate(() => (window as unknown as { harness: { drawPoses(p: object): string[] } }).harness.drawPoses({ rest: {} }));
      const shot = PNG.sync.read(await page.locator('#pose-rest').screenshot());
      const at = (fx: number) => {
        const o = (Math.round(shot.height / 2) * shot.width + Math.round(shot.width * fx)) * 4;
        return [shot.data[o]!, shot.data[o + 1]!, shot.data[o + 2]!];
      };
      // Left: only the red quad; right: the blue one, nearer, although the red one comes later.
      expect(at(0.3)[0]).toBeGreaterThan(200);
      expect(at(0.3)[2]).toBeLessThan(60);
      expect(at(0.7)[2]).toBeGreaterThan(200);
      expect(at(0.7)[0]).toBeLessThan(60);
    } finally {
      await page.close();
    }
  });
});

