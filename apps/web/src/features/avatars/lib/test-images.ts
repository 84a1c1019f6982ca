import type { Rgba } from './image-metrics';

/**
 * Small synthetic photos for the rule tests, made pixel by pixel (happy-dom has no 2D canvas).
 * A checkerboard of `block` px squares alternating two grey levels: sharp edges, known brightness.
 */
export function checkerboard(width: number, height: number, dark: number, light: number, block = 8): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = (Math.floor(x / block) + Math.floor(y / block)) % 2 === 0 ? dark : light;
      const o = (y * width + x) * 4;
      data[o] = value;
      data[o + 1] = value;
      data[o + 2] = value;
      data[o + 3] = 255;
    }
  }
  return { width, height, data };
}

/** A solid colour. */
export function solid(width: number, height: number, rgb: [number, number, number]): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([...rgb, 255], i * 4);
  return { width, height, data };
}

/** Separable box blur of radius r, repeated `passes` times (3 passes approximate a Gaussian). */
export function boxBlur(image: Rgba, radius: number, passes = 3): Rgba {
  const { width, height } = image;
  let current = Uint8ClampedArray.from(image.data as ArrayLike<number>);
  const blurAxis = (src: Uint8ClampedArray, horizontal: boolean) => {
    const out = new Uint8ClampedArray(src.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        for (let c = 0; c < 4; c++) {
          let sum = 0;
          let n = 0;
          for (let k = -radius; k <= radius; k++) {
            const xx = horizontal ? Math.min(width - 1, Math.max(0, x + k)) : x;
            const yy = horizontal ? y : Math.min(height - 1, Math.max(0, y + k));
            sum += src[(yy * width + xx) * 4 + c] ?? 0;
            n++;
          }
          out[(y * width + x) * 4 + c] = sum / n;
        }
      }
    }
    return out;
  };
  for (let p = 0; p < passes; p++) current = blurAxis(blurAxis(current, true), false);
  return { width, height, data: current };
}
