/**
 * Fills the unknown pixels of an RGB image smoothly from the known ones by pull-push (Gortler et
 * al. 1996, "The Lumigraph", section 3.3): known pixels are averaged into ever coarser levels, each
 * pixel's weight clamped at 1, then every level's gaps are filled from the bilinearly upsampled level
 * above. Far from the known pixels the fill is the mean of a wide neighbourhood, near them it
 * continues their colours; it makes neither the streaks of repeated edge pixels nor the ghost faces
 * of a mirrored photo. Written here because sharp/libvips offers only copy, mirror or constant
 * extension, and no maintained npm package fills image holes this way.
 *
 * `known` holds one weight per pixel, 1 for known and 0 for unknown; the result keeps known pixels.
 */
export function pushPullFill(rgb: Uint8Array, known: Float32Array, width: number, height: number): Buffer {
  // A plain loop: Float32Array.from with a mapping function took 0.4 s on a 1024 px portrait.
  const weight = new Float32Array(width * height);
  for (let i = 0; i < weight.length; i++) weight[i] = Math.min(1, Math.max(0, known[i]!));
  const levels: Level[] = [{ width, height, colour: Float32Array.from(rgb), weight }];
  while (levels.at(-1)!.width > 1 || levels.at(-1)!.height > 1) levels.push(pull(levels.at(-1)!));
  for (let k = levels.length - 2; k >= 0; k--) push(levels[k]!, levels[k + 1]!);
  const out = Buffer.alloc(width * height * 3);
  const colour = levels[0]!.colour;
  for (let i = 0; i < out.length; i++) out[i] = Math.round(colour[i]!);
  return out;
}

interface Level { width: number; height: number; colour: Float32Array; weight: Float32Array }

/** Next coarser level: each pixel the weighted mean of (up to) 2x2 finer ones, weight clamped at 1. */
function pull(fine: Level): Level {
  const width = Math.ceil(fine.width / 2), height = Math.ceil(fine.height / 2);
  const colour = new Float32Array(width * height * 3), weight = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let w = 0, r = 0, g = 0, b = 0;
      for (let dy = 0; dy < 2; dy++) {
        const fy = 2 * y + dy;
        if (fy >= fine.height) continue;
        for (let dx = 0; dx < 2; dx++) {
          const fx = 2 * x + dx;
          if (fx >= fine.width) continue;
          const i = fy * fine.width + fx, fw = fine.weight[i]!;
          w += fw; r += fw * fine.colour[i * 3]!; g += fw * fine.colour[i * 3 + 1]!; b += fw * fine.colour[i * 3 + 2]!;
        }
      }
      const o = y * width + x;
      if (w > 0) { colour[o * 3] = r / w; colour[o * 3 + 1] = g / w; colour[o * 3 + 2] = b / w; }
      weight[o] = Math.min(1, w);
    }
  }
  return { width, height, colour, weight };
}

/** Blends each fine pixel with the coarse level upsampled bilinearly, by its missing weight. */
function push(fine: Level, coarse: Level): void {
  const { colour: cc, width: cw } = coarse;
  for (let y = 0; y < fine.height; y++) {
    const cy = Math.min(coarse.height - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(cy), y1 = Math.min(coarse.height - 1, y0 + 1), ty = cy - y0;
    for (let x = 0; x < fine.width; x++) {
      const i = y * fine.width + x, missing = 1 - fine.weight[i]!;
      if (missing <= 0) continue;
      const cx = Math.min(cw - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(cx), x1 = Math.min(cw - 1, x0 + 1), tx = cx - x0;
      const w00 = (1 - tx) * (1 - ty), w10 = tx * (1 - ty), w01 = (1 - tx) * ty, w11 = tx * ty;
      const a = (y0 * cw + x0) * 3, b = (y0 * cw + x1) * 3, c = (y1 * cw + x0) * 3, d = (y1 * cw + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const up = cc[a + k]! * w00 + cc[b + k]! * w10 + cc[c + k]! * w01 + cc[d + k]! * w11;
        fine.colour[i * 3 + k] = fine.colour[i * 3 + k]! * (1 - missing) + up * missing;
      }
      fine.weight[i] = 1;
    }
  }
}
