import { createRng } from '@avatar-factory/contracts/random';

export interface BlinkOptions {
  /** Seed of the blink schedule. */
  seed: number;
  /** Range of the gap between two blinks, in ms. */
  minIntervalMs?: number;
  maxIntervalMs?: number;
  /** Lid closing, closed and opening times, in ms: a human blink closes fast, rests shut a moment and opens slower (~170 ms in all). */
  closeMs?: number;
  closedMs?: number;
  openMs?: number;
}

/**
 * A seeded, random-access blink schedule: blink start times are drawn lazily (first one within
 * 1-4 s so an idle avatar blinks early, then every 2-6 s), and the lid weight at any time is a pure
 * function of that time, so frames can be evaluated in any order.
 */
export function createBlinkSchedule(options: BlinkOptions): (timeMs: number) => number {
  const rng = createRng(options.seed ^ 0x9e3779b9);
  const minGap = options.minIntervalMs ?? 2000;
  const maxGap = options.maxIntervalMs ?? 6000;
  const closeMs = options.closeMs ?? 50;
  // Shut for longer than a frame at 25 fps. With no rest at the peak, the frame nearest it showed
  // the lids only part of the way (over 302 blinks: at 30 fps 0.87 at least, 0.97 the median; at
  // 60 fps 0.97 at least), a slit of iris and white under the lashes (argon-marie's public page
  // at its most closed frame).
  const closedMs = options.closedMs ?? 42;
  const openMs = options.openMs ?? 80;
  const starts: number[] = [1000 + rng() * 3000];

  const extendTo = (timeMs: number) => {
    while (starts[starts.length - 1]! <= timeMs) starts.push(starts[starts.length - 1]! + minGap + rng() * (maxGap - minGap));
  };

  return (timeMs: number) => {
    if (timeMs < 0) return 0;
    extendTo(timeMs);
    // The latest blink start at or before timeMs (binary search over the sorted starts).
    let lo = 0;
    let hi = starts.length - 1;
    if (starts[0]! > timeMs) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= timeMs) lo = mid;
      else hi = mid - 1;
    }
    const local = timeMs - starts[lo]!;
    if (local < closeMs) return smoothstep(local / closeMs);
    if (local < closeMs + closedMs) return 1;
    if (local < closeMs + closedMs + openMs) return 1 - smoothstep((local - closeMs - closedMs) / openMs);
    return 0;
  };
}

function smoothstep(x: number): number {
  return x * x * (3 - 2 * x);
}
