import type { AudioEnvelope } from './speech-types';

/**
 * RMS loudness per frame of mono samples, normalised by the 95th percentile of the voiced frames
 * so that a quiet and a loud recording drive the mouth alike.
 */
export function rmsEnvelope(samples: ArrayLike<number>, sampleRate: number, frameMs = 1000 / 60): AudioEnvelope {
  const frameLength = Math.max(1, Math.round((sampleRate * frameMs) / 1000));
  const frames = Math.ceil(samples.length / frameLength);
  const values = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const start = f * frameLength;
    const end = Math.min(samples.length, start + frameLength);
    let sum = 0;
    for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
    values[f] = Math.sqrt(sum / Math.max(1, end - start));
  }
  const sorted = Array.from(values).sort((a, b) => a - b);
  const reference = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  if (reference > 0) for (let f = 0; f < frames; f++) values[f] = values[f]! / reference;
  return { frameMs: (frameLength * 1000) / sampleRate, values };
}

/** Envelope value at a time, linearly interpolated; 0 outside the audio. */
export function envelopeAt(envelope: AudioEnvelope, timeMs: number): number {
  const x = timeMs / envelope.frameMs - 0.5;
  const n = envelope.values.length;
  if (x < -0.5 || x > n - 0.5) return 0;
  const i = Math.max(0, Math.min(n - 1, Math.floor(x)));
  const j = Math.min(n - 1, i + 1);
  const f = Math.max(0, Math.min(1, x - i));
  return envelope.values[i]! * (1 - f) + envelope.values[j]! * f;
}
