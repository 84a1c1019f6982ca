import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';

export type Box = { x: number; y: number; width: number; height: number };
export type Frame = { png: Buffer; image: PNG };

/** A screenshot of the whole viewport, kept both as PNG bytes and decoded RGBA. */
export async function grabFrame(page: Page): Promise<Frame> {
  const png = await page.screenshot();
  return { png, image: PNG.sync.read(png) };
}

/** Standard deviation of luma (Rec. 601) inside a box: about 0 for a blank or single-colour canvas. */
export function lumaStdDev(image: PNG, box: Box): number {
  let sum = 0;
  let sumSq = 0;
  let count = 0;
  for (let y = Math.floor(box.y); y < Math.ceil(box.y + box.height); y++) {
    for (let x = Math.floor(box.x); x < Math.ceil(box.x + box.width); x++) {
      const i = (y * image.width + x) * 4;
      const luma = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
      sum += luma;
      sumSq += luma * luma;
      count++;
    }
  }
  const mean = sum / count;
  return Math.sqrt(Math.max(0, sumSq / count - mean * mean));
}

/**
 * Pastes `tile` (a canvas frame, same CSS and device size) into a page screenshot at `at`,
 * leaving the `radius` px rounded corners of the frame's box to the page.
 */
/** Mean absolute luma difference (0-255) of two same-size images inside a box. */
export function meanLumaDifference(a: PNG, b: PNG, box: Box): number {
  const luma = (image: PNG, i: number) => 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(box.y); y < Math.ceil(box.y + box.height); y++) {
    for (let x = Math.floor(box.x); x < Math.ceil(box.x + box.width); x++) {
      const i = (y * a.width + x) * 4;
      sum += Math.abs(luma(a, i) - luma(b, i));
      count++;
    }
  }
  return sum / count;
}

export function composite(page: Buffer, tile: Buffer, at: Box, radius = 0): Buffer {
  const base = PNG.sync.read(page);
  const over = PNG.sync.read(tile);
  const x0 = Math.round(at.x);
  const y0 = Math.round(at.y);
  for (let y = 0; y < over.height && y0 + y < base.height; y++) {
    for (let x = 0; x < over.width && x0 + x < base.width; x++) {
      if (outsideRoundedCorner(x, y, over.width, over.height, radius)) continue;
      const s = (y * over.width + x) * 4;
      const d = ((y0 + y) * base.width + x0 + x) * 4;
      const alpha = over.data[s + 3]! / 255;
      for (let c = 0; c < 3; c++) base.data[d + c] = Math.round(over.data[s + c]! * alpha + base.data[d + c]! * (1 - alpha));
    }
  }
  return PNG.sync.write(base);
}

function outsideRoundedCorner(x: number, y: number, width: number, height: number, radius: number): boolean {
  if (radius <= 0) return false;
  const cx = x < radius ? radius : x >= width - radius ? width - radius - 1 : x;
  const cy = y < radius ? radius : y >= height - radius ? height - radius - 1 : y;
  return (x - cx) ** 2 + (y - cy) ** 2 > radius * radius;
}
