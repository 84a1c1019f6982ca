import { decodeWaveToFloat32Channels, encodeWaveFromFloat32Channels } from '@echogarden/wave-codec';
import { readFileSync, writeFileSync } from 'node:fs';

/** Test and bench helpers: WAV files in and out, and the silence trim the take check also does. */
export function readWav(path: string): { samples: Float32Array; sampleRate: number } {
  const { audioChannels, sampleRate } = decodeWaveToFloat32Channels(readFileSync(path));
  const first = audioChannels[0];
  if (!first) throw new Error(`${path} has no audio`);
  return { samples: first, sampleRate };
}

export function writeWav(path: string, samples: Float32Array, sampleRate: number): void {
  writeFileSync(path, encodeWaveFromFloat32Channels([samples], sampleRate, 16));
}

/** Cuts leading and trailing frames more than 40 dB below the loudest 10 ms frame, keeping 50 ms. */
export function trimSilence(samples: Float32Array, sampleRate: number): Float32Array {
  const hop = Math.round(sampleRate / 100);
  const rms: number[] = [];
  for (let i = 0; i + hop <= samples.length; i += hop) {
    let s = 0;
    for (let j = i; j < i + hop; j++) s += samples[j]! ** 2;
    rms.push(Math.sqrt(s / hop));
  }
  const max = Math.max(...rms, 1e-9);
  const floor = max / 100;
  const first = rms.findIndex((v) => v > floor);
  const last = rms.length - 1 - [...rms].reverse().findIndex((v) => v > floor);
  if (first < 0) return samples;
  const pad = Math.round(sampleRate * 0.05);
  return samples.slice(Math.max(0, first * hop - pad), Math.min(samples.length, (last + 1) * hop + pad));
}
