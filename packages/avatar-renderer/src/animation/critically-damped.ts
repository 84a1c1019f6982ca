/**
 * Critically damped spring (second-order low-pass, as in Kirmse's Game Programming Gems 4 "Critically
 * damped ease-in/ease-out smoothing"), stepped with its exact solution so any frame interval is
 * stable. A unit step reaches at most omega/e per second of speed, which bounds per-frame jumps.
 */
export class CriticallyDampedFilter {
  readonly value: Float64Array;
  private readonly velocity: Float64Array;
  private lastMs: number | undefined;

  constructor(channels: number, private readonly omega: number, private readonly maxGapMs = 250) {
    this.value = new Float64Array(channels);
    this.velocity = new Float64Array(channels);
  }

  /** Moves every channel toward `target` for the time since the last step (at `omega`, the filter's own unless given); a backwards or long jump snaps. */
  step(timeMs: number, target: ArrayLike<number>, omega = this.omega): Float64Array {
    const dt = this.lastMs === undefined ? -1 : (timeMs - this.lastMs) / 1000;
    this.lastMs = timeMs;
    if (dt < 0 || dt * 1000 > this.maxGapMs) {
      for (let k = 0; k < this.value.length; k++) {
        this.value[k] = target[k]!;
        this.velocity[k] = 0;
      }
      return this.value;
    }
    const w = omega;
    const decay = Math.exp(-w * dt);
    for (let k = 0; k < this.value.length; k++) {
      const y0 = this.value[k]! - target[k]!;
      const v0 = this.velocity[k]!;
      const c = v0 + w * y0;
      this.value[k] = target[k]! + (y0 + c * dt) * decay;
      this.velocity[k] = (v0 - w * c * dt) * decay;
    }
    return this.value;
  }

  reset(): void {
    this.lastMs = undefined;
  }
}
