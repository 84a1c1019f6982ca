/**
 * Pixel measures over plain RGBA arrays (the layout of canvas ImageData), so they run
 * the same in the browser and in unit tests without a canvas.
 */
export type Rgba = { width: number; height: number; data: ArrayLike<number> };

/** ITU-R BT.601 luma weights: the brightness rule is defined on this luma. */
const R = 0.299;
const G = 0.587;
const B = 0.114;

/** Luma of every pixel (0..255), row-major. */
export function toGrey(image: Rgba): Float32Array {
  const count = image.width * image.height;
  const grey = new Float32Array(count);
  const { data } = image;
  for (let i = 0; i < count; i++) {
    const o = i * 4;
    grey[i] = R * (data[o] ?? 0) + G * (data[o + 1] ?? 0) + B * (data[o + 2] ?? 0);
  }
  return grey;
}

/** Average brightness: the mean of the weighted luma over all pixels (0..255). */
export function averageBrightness(image: Rgba): number {
  const grey = toGrey(image);
  if (grey.length === 0) return 0;
  let sum = 0;
  for (const value of grey) sum += value;
  return sum / grey.length;
}

/**
 * Edge sharpness: the mean absolute response of the 4-neighbour Laplacian kernel
 * [0 1 0; 1 -4 1; 0 1 0] over the interior of the grey image (the "variance of Laplacian" family
 * of focus measures, Pech-Pacheco et al. 2000, here with the mean of |L| instead of its variance).
 * Flat or blurred images give values near 0; detailed, in-focus ones tens. Callers measure it on
 * the image scaled to at most `sharpnessSampleSize` px on its longer side so the value does not
 * depend on the upload's resolution.
 */
export function edgeSharpness(image: Rgba): number {
  const { width, height } = image;
  if (width < 3 || height < 3) return 0;
  const grey = toGrey(image);
  let sum = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const laplacian = (grey[i - 1] ?? 0) + (grey[i + 1] ?? 0) + (grey[i - width] ?? 0) + (grey[i + width] ?? 0) - 4 * (grey[i] ?? 0);
      sum += Math.abs(laplacian);
    }
  }
  return sum / ((width - 2) * (height - 2));
}

/** The longer side of the copy the pixel measures run on (see edgeSharpness). */
export const sharpnessSampleSize = 512;

/** Size of the measured copy: scaled down to fit `sharpnessSampleSize`, never up. */
export function sampleSize(width: number, height: number, max = sharpnessSampleSize): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
