import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';

type Box = { x: number; y: number; width: number; height: number };

/** Query parameters a page might be expected to obey; the label must ignore every one of them. */
export const labelHidingQuery = '?label=0&ai_label=false&hide_label=1&embed=1&clean=1';

function expectInside(inner: Box | null, outer: Box, what: string) {
  if (!inner) throw new Error(`${what}: not laid out`);
  const slack = 0.5;
  expect({ what, left: inner.x >= outer.x - slack, top: inner.y >= outer.y - slack, right: inner.x + inner.width <= outer.x + outer.width + slack, bottom: inner.y + inner.height <= outer.y + outer.height + slack }).toEqual({
    what,
    left: true,
    top: true,
    right: true,
    bottom: true,
  });
}

/** WCAG 2 contrast ratio of two sRGB colours (0-255). */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * The 'AI-generated' label over the avatar, on the public page (`root` is the page) or
 * inside an embedding site's iframe (`root` is its frame, `frame` its box on the page). It must be
 * visible inside the avatar and the visible area at once, legible (12 px or more, 4.5:1 even when
 * its translucent background lies over white), and open its explanation, which names the product,
 * on hover, on keyboard focus and on a tap. Writes `ai-label-{name}.png` (closed) and
 * `ai-label-{name}-open.png` into `shotsDir`.
 */
export async function checkAiLabel(page: Page, root: Page | FrameLocator, options: { productName: string; avatarName: string; frame?: Box; shotsDir: string; name: string }) {
  const viewport = page.viewportSize()!;
  const visible = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  const area = options.frame ?? visible;
  const label = root.getByRole('button', { name: 'AI-generated' });
  await label.waitFor({ timeout: 30_000 });
  const explanation = root.locator(`[id="${await label.getAttribute('aria-controls')}"]`);
  const stage = await root.getByRole('img', { name: options.avatarName }).boundingBox();
  if (!stage) throw new Error('the avatar has no box');

  const labelBox = await label.boundingBox();
  expectInside(labelBox, stage, 'label within the avatar');
  expectInside(labelBox, area, 'label within the frame');
  expectInside(labelBox, visible, 'label within the viewport');
  expect(await label.textContent()).toBe('AI-generated');
  const look = await label.evaluate((element) => {
    const style = getComputedStyle(element);
    const rgba = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    return { fontSize: parseFloat(style.fontSize), color: rgba(style.color), background: rgba(style.backgroundColor), visibility: style.visibility, opacity: Number(style.opacity) };
  });
  expect(look.fontSize).toBeGreaterThanOrEqual(12);
  expect(look.visibility).toBe('visible');
  expect(look.opacity).toBe(1);
  // The worst case for white text: the label's translucent background over a white photo.
  const [r = 0, g = 0, b = 0, alpha = 1] = look.background;
  const overWhite = [r, g, b].map((channel) => channel * alpha + 255 * (1 - alpha));
  expect(contrast(look.color.slice(0, 3), overWhite)).toBeGreaterThanOrEqual(4.5);
  expect(await explanation.isHidden()).toBe(true);
  await writeFile(path.join(options.shotsDir, `ai-label-${options.name}.png`), await page.screenshot());

  // Hover opens it, leaving closes it.
  await label.hover();
  await expect.poll(() => explanation.isVisible()).toBe(true);
  expect(await explanation.textContent()).toContain(`made by ${options.productName}`);
  expectInside(await explanation.boundingBox(), { ...area, height: Number.MAX_SAFE_INTEGER }, 'explanation within the frame width');
  expectInside(await explanation.boundingBox(), { ...visible, height: Number.MAX_SAFE_INTEGER }, 'explanation within the viewport width');
  await writeFile(path.join(options.shotsDir, `ai-label-${options.name}-open.png`), await page.screenshot());
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height - 4);
  await expect.poll(() => explanation.isHidden()).toBe(true);

  // Keyboard: the label is the first stop of the Tab order; focus opens it, Escape closes it.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  await expect.poll(() => label.evaluate((element) => element === document.activeElement)).toBe(true);
  await expect.poll(() => explanation.isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => explanation.isHidden()).toBe(true);
  await label.evaluate((element) => (element as HTMLElement).blur());

  // A tap keeps it open until a tap elsewhere.
  await label.click();
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height - 4);
  await expect.poll(() => label.getAttribute('aria-expanded')).toBe('true');
  expect(await explanation.isVisible()).toBe(true);
  await page.mouse.click(stage.x + stage.width / 2, stage.y + stage.height - 4);
  await expect.poll(() => explanation.isHidden()).toBe(true);
}
