/** Peak and RMS levels in dBFS (full scale = 1.0). */
export function peakDbfs(samples: Float32Array): number {
  let peak = 0;
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  return peak > 0 ? 20 * Math.log10(peak) : -Infinity;
}

export function rmsDbfs(samples: Float32Array): number {
  let sum = 0;
  for (const value of samples) sum += value * value;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  return rms > 0 ? 20 * Math.log10(rms) : -Infinity;
}

/** Multiplies in place. */
export function applyGain(samples: Float32Array, gainDb: number): Float32Array {
  const factor = 10 ** (gainDb / 20);
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] ?? 0) * factor;
  return samples;
}

/** Scales down (never up) so the peak stays at or under `ceilingDbfs`. */
export function limitPeak(samples: Float32Array, ceilingDbfs: number): Float32Array {
  const peak = peakDbfs(samples);
  return peak > ceilingDbfs ? applyGain(samples, ceilingDbfs - peak) : samples;
}
