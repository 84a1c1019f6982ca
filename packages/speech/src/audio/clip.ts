import type { TimedPhoneme, TimedViseme } from '../types.ts';
import { resample } from './resample.ts';

/** A piece of speech with its timings, all relative to the start of `samples`. */
export interface Clip {
  samples: Float32Array;
  sampleRate: number;
  phonemes: TimedPhoneme[];
  visemes: TimedViseme[];
}

export function clipDurationMs(clip: Pick<Clip, 'samples' | 'sampleRate'>): number {
  return (clip.samples.length / clip.sampleRate) * 1000;
}

/**
 * Clamps phoneme timings into [0, durationMs] and makes them contiguous and monotonic, the last one
 * ending at durationMs (the engines agree with their WAV to a frame; this removes the rest).
 */
export function fitPhonemes(phonemes: TimedPhoneme[], durationMs: number): TimedPhoneme[] {
  const fitted: TimedPhoneme[] = [];
  let cursor = 0;
  for (const phoneme of phonemes) {
    const endMs = Math.min(durationMs, Math.max(cursor, phoneme.endMs));
    if (endMs > cursor) fitted.push({ symbol: phoneme.symbol, startMs: cursor, endMs });
    cursor = Math.max(cursor, endMs);
  }
  const last = fitted.at(-1);
  if (last) last.endMs = durationMs;
  return fitted;
}

/** Scales every timing by `ratio` (a voice transform that changed the duration). */
export function scaleTimings<T extends { startMs: number; endMs: number }>(items: T[], ratio: number): T[] {
  return items.map((item) => ({ ...item, startMs: item.startMs * ratio, endMs: item.endMs * ratio }));
}

/** Joins clips end to end at the highest sample rate among them, shifting each clip's timings. */
export async function joinClips(clips: Clip[]): Promise<Clip> {
  const first = clips[0];
  if (!first) throw new Error('joinClips needs at least one clip');
  if (clips.length === 1) return first;
  const sampleRate = Math.max(...clips.map((clip) => clip.sampleRate));
  const parts = await Promise.all(clips.map((clip) => resample(clip.samples, clip.sampleRate, sampleRate)));
  const samples = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  const phonemes: TimedPhoneme[] = [];
  const visemes: TimedViseme[] = [];
  let offsetSamples = 0;
  clips.forEach((clip, index) => {
    const part = parts[index] ?? new Float32Array(0);
    samples.set(part, offsetSamples);
    const startMs = (offsetSamples / sampleRate) * 1000;
    const endMs = ((offsetSamples + part.length) / sampleRate) * 1000;
    const ratio = (endMs - startMs) / Math.max(1e-9, clipDurationMs(clip));
    // Shifted and stretched onto [startMs, endMs], the clip's first start and last end exactly on
    // the boundaries, so neighbouring clips meet without a rounding gap.
    const place = <T extends { startMs: number; endMs: number }>(items: T[]): T[] =>
      items.map((item, i) => ({
        ...item,
        startMs: i === 0 ? startMs : startMs + item.startMs * ratio,
        endMs: i === items.length - 1 ? endMs : startMs + item.endMs * ratio,
      }));
    phonemes.push(...place(clip.phonemes));
    for (const viseme of place(clip.visemes)) {
      const last = visemes.at(-1);
      // Neighbouring clips may end and start on the same viseme (silence): one entry, not two.
      if (last && last.viseme === viseme.viseme) last.endMs = viseme.endMs;
      else visemes.push(viseme);
    }
    offsetSamples += part.length;
  });
  return { samples, sampleRate, phonemes, visemes };
}

/** Rounds timings to 1 microsecond (equal boundaries stay equal, JSON stays short). */
export function roundTimings<T extends { startMs: number; endMs: number }>(items: T[]): T[] {
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return items.map((item) => ({ ...item, startMs: round(item.startMs), endMs: round(item.endMs) }));
}

const SILENCE = new Set(['sil', 'pau']);

/**
 * Shortens the silence the engines put before and after each call (Open JTalk ~300 ms each side,
 * flite ~170 ms) to at most `leadMs` and `tailMs`, so joined sentences are spaced like speech and
 * the first sound plays sooner. Expects fitted phonemes (tiling the audio).
 */
export function trimEdgeSilence<T extends { samples: Float32Array; sampleRate: number; phonemes: TimedPhoneme[] }>(clip: T, leadMs: number, tailMs: number): T {
  const { phonemes, sampleRate } = clip;
  const first = phonemes[0];
  const last = phonemes.at(-1);
  if (!first || !last || phonemes.length < 2) return clip;
  const msToSamples = (ms: number) => Math.max(0, Math.round((ms * sampleRate) / 1000));
  const cutStart = SILENCE.has(first.symbol) ? msToSamples(first.endMs - first.startMs - leadMs) : 0;
  const cutEnd = SILENCE.has(last.symbol) ? msToSamples(last.endMs - last.startMs - tailMs) : 0;
  if (cutStart === 0 && cutEnd === 0) return clip;
  const samples = clip.samples.subarray(cutStart, clip.samples.length - cutEnd);
  const shiftMs = (cutStart / sampleRate) * 1000;
  const shifted = phonemes.map((p) => ({ ...p, startMs: Math.max(0, p.startMs - shiftMs), endMs: p.endMs - shiftMs }));
  return { ...clip, samples, phonemes: fitPhonemes(shifted, clipDurationMs({ samples, sampleRate })) };
}
