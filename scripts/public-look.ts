// `npm run public-look -- PHOTO... [--out OUT]`: what a visitor of the public page sees. Starts the
// built app on a fresh data folder, uploads and deploys every photo through the API, opens its
// public page in headless Chromium (WebGL2) and saves, per photo, OUT/<photo>.png: the avatar at
// rest, at its most closed blink, at its most open mouth and at its most changed mouth (on a
// laughing photo, its closed lips) while it speaks a Japanese sentence.
// The contact sheets of `npm run avatar-report` come from the CPU renderer; this is the browser's.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Rig } from '@avatar-factory/avatar-rig';
import sharp from 'sharp';
import { bestFrame, installAvatarSampler, setSamplerPhase } from '../apps/web/e2e/support/avatar-sampler';
import { launchBrowser, newPage, viewports } from '../apps/web/e2e/support/browser';
import { createDeployedAvatar, tokenViaApi } from '../apps/web/e2e/support/deployed-avatar';
import { startServer } from '../apps/web/e2e/support/server';
import { createTestUser, registerViaApi } from '../apps/web/e2e/support/users';

const SPOKEN = 'こんにちは。今日はとてもいい天気ですね。';
/** Idle time watched for a blink (the animator blinks every 2-6 s). */
const IDLE_MS = 7000;

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: '/tmp/public-look' } } });
if (positionals.length === 0) {
  console.error('usage: npm run public-look -- PHOTO... [--out OUT]');
  process.exit(2);
}
const outDir = path.resolve(values.out);
fs.mkdirSync(outDir, { recursive: true });

const [server, browser] = await Promise.all([startServer({ PUBLIC_RATE_LIMIT: '1000' }), launchBrowser()]);
try {
  const user = createTestUser();
  await registerViaApi(server.baseUrl, user);
  const token = await tokenViaApi(server.baseUrl, user);
  for (const [index, photo] of positionals.entries()) {
    const name = path.basename(photo);
    const avatarName = `Look ${index + 1}`;
    try {
      const task = await createDeployedAvatar(server.baseUrl, token, { photo: path.resolve(photo), avatarName });
      const publicPath = new URL(task.result.preview_url).pathname;
      const rigUrl = `${server.baseUrl}/api/public/avatars/${publicPath.split('/').pop()}/rig/rig.json`;
      const rig = (await (await fetch(rigUrl)).json()) as Rig;
      const { context, page } = await newPage(browser, viewports.desktop);
      // tsx compiles with esbuild's keepNames, whose __name helper the page-side functions of the
      // sampler then call: the page needs it too (vitest, which the tests run under, adds none).
      await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      await page.goto(`${server.baseUrl}${publicPath}`);
      await page.locator('[data-state="ready"]').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(400);
      const rest = await page.getByRole('img', { name: avatarName }).screenshot();
      const { mouth, leftEye, rightEye, box } = rig.face;
      const eyes = { x: Math.min(leftEye.x, rightEye.x), y: Math.min(leftEye.y, rightEye.y), width: Math.max(leftEye.x + leftEye.width, rightEye.x + rightEye.width) - Math.min(leftEye.x, rightEye.x), height: Math.max(leftEye.y + leftEye.height, rightEye.y + rightEye.height) - Math.min(leftEye.y, rightEye.y) };
      // The open mouth drops the jaw: the box reaches below and beside the mouth at rest.
      const openMouth = { x: mouth.x - mouth.width * 0.15, y: mouth.y - mouth.height * 0.2, width: mouth.width * 1.3, height: mouth.height * 2 };
      await installAvatarSampler(page, { rig, mouth: openMouth, eyes, face: box });
      await page.waitForTimeout(IDLE_MS);
      await page.getByRole('textbox', { name: `What should ${avatarName} say?` }).fill(SPOKEN);
      await setSamplerPhase(page, 'speaking');
      await page.getByRole('button', { name: 'Speak', exact: true }).click();
      await page.locator('[data-speaking="true"]').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Speak', exact: true }).waitFor({ timeout: 60_000 });
      await setSamplerPhase(page, 'after');
      const blink = await bestFrame(page, 'idle:eyes');
      const open = await bestFrame(page, 'speaking:open');
      const changed = await bestFrame(page, 'speaking:mouth');
      await context.close();
      const file = path.join(outDir, `${name}.png`);
      await sideBySide([rest, blink?.png ?? null, open?.png ?? null, changed?.png ?? null], file);
      console.log(`${name}: ${file} (rest, blink, mouth most open, mouth most changed)`);
    } catch (error) {
      console.log(`${name}: ${(error as Error).message}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

/** The frames in a row, each scaled to 448 px high; a missing one stays black. */
async function sideBySide(frames: Array<Buffer | null>, file: string): Promise<void> {
  const side = 448;
  const tiles = await Promise.all(frames.map((f) => (f ? sharp(f).resize(side, side, { fit: 'contain', background: '#000' }).png().toBuffer() : null)));
  const composites = tiles.flatMap((input, i) => (input ? [{ input, left: i * (side + 8), top: 0 }] : []));
  await sharp({ create: { width: frames.length * (side + 8) - 8, height: side, channels: 3, background: '#000' } }).composite(composites).png().toFile(file);
}
