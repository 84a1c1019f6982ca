/**
 * Trims leading and trailing silence. Method: 20 ms frame RMS; a frame is "sound" when it is
 * above -55 dBFS and within 45 dB of the loudest frame (relative floor so a hissy room does not
 * count as sound); a 150 ms margin is kept on each side so soft onsets (/h/, /f/) survive.
 * An all-silent input trims to an empty array.
 */
export function trimSilence(samples: Float32Array, sampleRate: number): { samples: Float32Array; startSample: number } {
  const frame = Math.max(1, Math.round(sampleRate * 0.02));
  const frames = Math.floor(samples.length / frame);
  if (frames === 0) return { samples: samples.slice(), startSample: 0 };
  const db = new Float64Array(frames);
  let max = -Infinity;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) {
      const v = samples[i] ?? 0;
      sum += v * v;
    }
    db[f] = 10 * Math.log10(sum / frame + 1e-12);
    if ((db[f] ?? -Infinity) > max) max = db[f] ?? max;
  }
  const threshold = Math.max(-55, max - 45);
  let first = -1;
  let last = -1;
  for (let f = 0; f < frames; f++) {
    if ((db[f] ?? -Infinity) > threshold) {
      if (first < 0) first = f;
      last = f;
    }
  }
  if (first < 0) return { samples: new Float32Array(0), startSample: 0 };
  const margin = Math.round(sampleRate * 0.15);
  const start = Math.max(0, first * frame - margin);
  const end = Math.min(samples.length, (last + 1) * frame + margin);
  return { samples: samples.slice(start, end), startSample: start };
}
