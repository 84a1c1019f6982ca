import { createRng } from '@avatar-factory/contracts/random';

/**
 * 1D gradient noise (Perlin 2002, "Improving Noise": random slopes at integer lattice points,
 * quintic fade), summed over two octaves. Returns a smooth function of time in about [-1, 1].
 * Used for head motion so it wanders without ever repeating visibly.
 */
export function createSmoothNoise(seed: number, periodMs: number): (timeMs: number) => number {
  const rng = createRng(seed);
  const size = 256;
  const slopes = new Float64Array(size);
  for (let i = 0; i < size; i++) slopes[i] = rng() * 2 - 1;
  const offset = rng() * size;

  const octave = (x: number): number => {
    const i0 = Math.floor(x);
    const f = x - i0;
    const g0 = slopes[((i0 % size) + size) % size]!;
    const g1 = slopes[(((i0 + 1) % size) + size) % size]!;
    const fade = f * f * f * (f * (f * 6 - 15) + 10);
    // Each lattice slope contributes g * distance; the blend of the two is at most 0.5 in size.
    return 2 * (g0 * f + fade * (g1 * (f - 1) - g0 * f));
  };

  return (timeMs: number) => {
    const x = timeMs / periodMs + offset;
    return (octave(x) * 2 + octave(x * 2.3 + 17.1)) / 3;
  };
}
