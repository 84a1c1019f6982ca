import type { Page } from 'playwright-core';
import type { Box } from './canvas-pixels';

/** One measurement of the live avatar's canvas, taken in the frame it was drawn. */
export type AvatarSample = {
  t: number;
  phase: string;
  /** Mean absolute difference (0-255) of the mouth box from the first sample. */
  mouthDiff: number;
  /** Mean luma of the eye boxes: closing lids cover the dark iris and lashes with skin. */
  eyeLuma: number;
  /** Mean absolute difference (0-255) of the face box from the first sample. */
  faceDiff: number;
};

/**
 * For the open mouth's height: a pixel darker than this share of the median luma of the mouth
 * box's upper half (lips and skin: the lower half may be a black collar, clm-audrey) in the first
 * frame counts as the mouth's dark inside (the painted cavity is a dark brown, at luma 40-60 on a
 * light face; a fixed luma of 40 found it on none of three faces).
 */
const OPEN_DARK_SHARE = 0.5;
/** And darker than this luma: a red lipstick (luma about 90 on clm-audrey) is no open mouth. */
const OPEN_DARK_MAX = 64;

type SamplerArgs = { rig: { width: number; height: number; view?: Box }; mouth: Box; eyes: Box; face: Box };

/**
 * Installs a requestAnimationFrame sampler beside the player. Its callback runs after the
 * player's in the same frame, so even a WebGL canvas without preserveDrawingBuffer still holds
 * the frame just drawn. It also keeps, per phase, as PNG data URLs for the screenshots: the frame
 * whose mouth differs most from the first frame's (`mouth`), the one whose open mouth is tallest
 * (`open`: on a laughing photo the mouth changes most when it closes, so the first is a closed mouth
 * there), and the one whose eyes differ most from the first frame's (`eyes`, a blink).
 * The open mouth's height is the tallest run of dark pixels (OPEN_DARK_SHARE) that begins in the
 * box's upper 45% (counted down to 65%), the median over the box's middle third of columns: the
 * cavity hangs from the lips, a black collar below the chin (clm-audrey) does not begin there, and
 * counting pixels that turned dark instead picked a laugh's closed lips (softui-charles, his dark
 * upper lip coming down over his white teeth).
 * The eyes' change, not their lightness: lids close lighter than the eye on a light face, darker
 * on a dark one (argonfree-team-4's lightest frame had her eyes open). Less the face's own change:
 * on opencv-230501201-1 the head's idle sway moved the eyes' sharp lashes more than a blink did.
 */
export async function installAvatarSampler(page: Page, args: SamplerArgs): Promise<void> {
  await page.evaluate(({ openDarkShare: OPEN_DARK_SHARE, openDarkMax: OPEN_DARK_MAX, ...a }: SamplerArgs & { openDarkShare: number; openDarkMax: number }) => {
    const canvas = document.querySelector('[data-state] canvas');
    if (!(canvas instanceof HTMLCanvasElement)) throw new Error('no avatar canvas');
    const copy = document.createElement('canvas');
    const ctx = copy.getContext('2d', { willReadFrequently: true })!;
    const samples: AvatarSample[] = [];
    const best: Record<string, { score: number; dataUrl: string; t: number }> = {};
    let phase = 'idle';
    let faceRef: Uint8ClampedArray | null = null;
    let mouthRef: Uint8ClampedArray | null = null;
    let openDark = 0;
    let eyesRef: Uint8ClampedArray | null = null;
    let running = true;
    const t0 = performance.now();

    const toDevice = (box: Box) => {
      // As the player's letterbox: the rig's view fills the canvas (contain), centred.
      const view = a.rig.view ?? { x: 0, y: 0, width: a.rig.width, height: a.rig.height };
      const scale = Math.min(canvas.width / view.width, canvas.height / view.height);
      const ox = (canvas.width - view.width * scale) / 2 - view.x * scale;
      const oy = (canvas.height - view.height * scale) / 2 - view.y * scale;
      return { x: Math.round(ox + box.x * scale), y: Math.round(oy + box.y * scale), w: Math.max(1, Math.round(box.width * scale)), h: Math.max(1, Math.round(box.height * scale)) };
    };
    const pixels = (box: Box) => {
      const d = toDevice(box);
      return ctx.getImageData(d.x, d.y, d.w, d.h).data;
    };
    const luma = (p: Uint8ClampedArray, i: number) => 0.299 * p[i]! + 0.587 * p[i + 1]! + 0.114 * p[i + 2]!;
    const keepBest = (key: string, score: number, t: number) => {
      if (!best[key] || score > best[key].score) best[key] = { score, dataUrl: copy.toDataURL('image/png'), t };
    };

    const tick = () => {
      if (!running) return;
      requestAnimationFrame(tick);
      if (!canvas.width || !canvas.height) return;
      if (copy.width !== canvas.width || copy.height !== canvas.height) {
        copy.width = canvas.width;
        copy.height = canvas.height;
      }
      ctx.clearRect(0, 0, copy.width, copy.height);
      ctx.drawImage(canvas, 0, 0);
      const mouth = pixels(a.mouth);
      if (!mouthRef) {
        mouthRef = mouth;
        const lumas = Array.from({ length: mouth.length / 8 }, (_, i) => luma(mouth, i * 4)).sort((p, q) => p - q);
        openDark = Math.min(OPEN_DARK_MAX, OPEN_DARK_SHARE * lumas[Math.floor(lumas.length / 2)]!);
      }
      let mouthDiffSum = 0;
      for (let i = 0; i < mouth.length; i += 4) {
        mouthDiffSum += Math.abs(mouth[i]! - mouthRef[i]!) + Math.abs(mouth[i + 1]! - mouthRef[i + 1]!) + Math.abs(mouth[i + 2]! - mouthRef[i + 2]!);
      }
      const openHeight = (() => {
        const { w, h } = toDevice(a.mouth);
        const runs: number[] = [];
        for (let x = Math.floor(w / 3); x < Math.ceil((2 * w) / 3); x++) {
          let longest = 0, run = 0, start = 0;
          // The rig's mouth box (jaw drop included) is 0.1-0.6 of this one's height (see public-look).
          for (let y = 0; y < 0.65 * h; y++) {
            if (luma(mouth, (y * w + x) * 4) < openDark) {
              if (run === 0) start = y;
              run++;
              if (start < 0.45 * h) longest = Math.max(longest, run);
            } else run = 0;
          }
          runs.push(longest);
        }
        runs.sort((p, q) => p - q);
        return runs.length ? runs[Math.floor(runs.length / 2)]! / h : 0;
      })();
      const eyes = pixels(a.eyes);
      eyesRef ??= eyes;
      let eyeSum = 0;
      let eyeDiffSum = 0;
      for (let i = 0; i < eyes.length; i += 4) {
        eyeSum += luma(eyes, i);
        eyeDiffSum += Math.abs(luma(eyes, i) - luma(eyesRef, i));
      }
      const face = pixels(a.face);
      faceRef ??= face;
      let faceDiffSum = 0;
      for (let i = 0; i < face.length && i < faceRef.length; i += 4) faceDiffSum += Math.abs(face[i]! - faceRef[i]!) + Math.abs(face[i + 1]! - faceRef[i + 1]!) + Math.abs(face[i + 2]! - faceRef[i + 2]!);
      const t = performance.now() - t0;
      const sample = { t, phase, mouthDiff: mouthDiffSum / ((mouth.length / 4) * 3), eyeLuma: eyeSum / (eyes.length / 4), faceDiff: faceDiffSum / ((face.length / 4) * 3) };
      samples.push(sample);
      keepBest(`${phase}:mouth`, sample.mouthDiff, t);
      keepBest(`${phase}:open`, openHeight, t);
      // A blink changes the eyes far more than the face around them; a sway of the head changes both.
      keepBest(`${phase}:eyes`, eyeDiffSum / (eyes.length / 4) - sample.faceDiff, t);
    };
    requestAnimationFrame(tick);
    (window as unknown as { __sampler: unknown }).__sampler = {
      setPhase: (next: string) => {
        phase = next;
      },
      samples,
      best,
      stop: () => {
        running = false;
      },
    };
  }, { ...args, openDarkShare: OPEN_DARK_SHARE, openDarkMax: OPEN_DARK_MAX });
}

export async function setSamplerPhase(page: Page, phase: string): Promise<void> {
  await page.evaluate((p) => (window as unknown as { __sampler: { setPhase: (p: string) => void } }).__sampler.setPhase(p), phase);
}

export async function readSamples(page: Page): Promise<AvatarSample[]> {
  return page.evaluate(() => (window as unknown as { __sampler: { samples: AvatarSample[] } }).__sampler.samples);
}

/** The kept frame (PNG bytes of the canvas) with the highest score of `key`, e.g. 'speaking:mouth'. */
export async function bestFrame(page: Page, key: string): Promise<{ png: Buffer; score: number; t: number } | null> {
  const found = await page.evaluate((k) => (window as unknown as { __sampler: { best: Record<string, { score: number; dataUrl: string; t: number }> } }).__sampler.best[k] ?? null, key);
  if (!found) return null;
  return { png: Buffer.from(found.dataUrl.slice(found.dataUrl.indexOf(',') + 1), 'base64'), score: found.score, t: found.t };
}
