import type { RigRegion } from '../types';

/** The known blur added to measure the photo's own (portrait pixels). */
const REBLUR_SIGMA = 1;
/** Blurrier than this (portrait pixels) is as blurred as it gets: the region has no edges left to measure. */
const MAX_SIGMA = 12;
/** The share of a region's pixels, strongest gradients first, that count as its edges. */
const EDGE_SHARE = 0.05;

/**
 * How blurred a region of the portrait is: the Gaussian sigma (portrait pixels) of its edges,
 * measured by blurring it once more by a known sigma s0 and comparing gradients at its strongest
 * edges. A step blurred by sigma has its steepest gradient fall by sqrt(sigma^2 + s0^2) / sigma
 * when blurred by s0 again, so sigma = s0 / sqrt(R^2 - 1) for the measured ratio R (the re-blur
 * method of Zhuo and Sim, "Defocus map estimation from a single image", 2011). The median over the
 * edges is the answer; 0 for a region with no edges at all (nothing to match). Hand-written: sharp blurs but does not measure blur, and no maintained npm
 * library does.
 */
export function edgeBlurSigma(rgba: Uint8Array | Buffer, size: number, region: RigRegion): number {
  const x0 = Math.max(1, Math.floor(region.x)), y0 = Math.max(1, Math.floor(region.y));
  const x1 = Math.min(size - 2, Math.ceil(region.x + region.width)), y1 = Math.min(size - 2, Math.ceil(region.y + region.height));
  const w = x1 - x0 + 1, h = y1 - y0 + 1;
  if (w < 8 || h < 8) return 0;
  // Luma of the region with a margin for the blur kernel, edge pixels repeated.
  const pad = Math.ceil(3 * REBLUR_SIGMA) + 1;
  const pw = w + 2 * pad, ph = h + 2 * pad;
  const luma = new Float64Array(pw * ph);
  for (let y = 0; y < ph; y++) {
    const sy = Math.min(size - 1, Math.max(0, y0 - pad + y));
    for (let x = 0; x < pw; x++) {
      const sx = Math.min(size - 1, Math.max(0, x0 - pad + x));
      const o = (sy * size + sx) * 4;
      luma[y * pw + x] = 0.299 * rgba[o]! + 0.587 * rgba[o + 1]! + 0.114 * rgba[o + 2]!;
    }
  }
  const reblurred = gaussianBlur(luma, pw, ph, REBLUR_SIGMA);
  const sharp: number[] = [], ratios: number[] = [];
  const gradient = (img: Float64Array, x: number, y: number) => Math.hypot(img[y * pw + x + 1]! - img[y * pw + x - 1]!, img[(y + 1) * pw + x]! - img[(y - 1) * pw + x]!);
  for (let y = pad; y < pad + h; y++) {
    for (let x = pad; x < pad + w; x++) sharp.push(gradient(luma, x, y));
  }
  const threshold = [...sharp].sort((a, b) => b - a)[Math.floor(sharp.length * EDGE_SHARE)]!;
  if (threshold <= 0) return 0;
  let k = 0;
  for (let y = pad; y < pad + h; y++) {
    for (let x = pad; x < pad + w; x++, k++) {
      if (sharp[k]! < threshold) continue;
      const again = gradient(reblurred, x, y);
      if (again > 0) ratios.push(sharp[k]! / again);
    }
  }
  ratios.sort((a, b) => a - b);
  const r = ratios[Math.floor(ratios.length / 2)] ?? 0;
  return r > 1 ? Math.min(MAX_SIGMA, REBLUR_SIGMA / Math.sqrt(r * r - 1)) : MAX_SIGMA;
}

/** A separable Gaussian blur (kernel to 3 sigma), edge pixels repeated. */
function gaussianBlur(img: Float64Array, w: number, h: number, sigma: number): Float64Array {
  const radius = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  const pass = (src: Float64Array, dx: number, dy: number) => {
    const out = new Float64Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        for (let i = -radius; i <= radius; i++) {
          const sx = Math.min(w - 1, Math.max(0, x + i * dx)), sy = Math.min(h - 1, Math.max(0, y + i * dy));
          sum += kernel[i + radius]! * src[sy * w + sx]!;
        }
        out[y * w + x] = sum / total;
      }
    }
    return out;
  };
  return pass(pass(img, 1, 0), 0, 1);
}
