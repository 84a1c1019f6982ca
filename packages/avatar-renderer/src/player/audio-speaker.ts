import { rmsEnvelope } from '../animation/envelope';
import type { AudioEnvelope } from '../animation/speech-types';
import { readWavPcm } from './wav-pcm';

/**
 * Lead time between scheduling a sound and its start, so the start is sample-accurate: the audio
 * thread renders ahead of the clock the page reads by about one callback buffer (baseLatency,
 * about 10 ms), so a start time closer than that would be heard late and the lips would lead the
 * sound by the difference. Bounded, since a sound scheduled later is a sound heard later.
 */
const startLead = (ctx: AudioContext) => Math.min(0.05, Math.max(0.005, ctx.baseLatency || 0.01));

export interface Playback {
  envelope: AudioEnvelope;
  durationMs: number;
  /** Milliseconds of this sound heard so far (negative before it starts), on the audio clock. */
  elapsedMs(): number;
  /** Resolves when the sound ends or is stopped. */
  ended: Promise<void>;
  stop(): void;
}

/**
 * Web Audio playback. The viseme clock is read from the audio clock, not from frame times: with
 * getOutputTimestamp the time being heard right now (output latency included), else currentTime.
 */
export class AudioSpeaker {
  private context: AudioContext | undefined;
  private readonly ownsContext: boolean;

  constructor(context?: AudioContext) {
    this.context = context;
    this.ownsContext = !context;
  }

  private audioContext(): AudioContext {
    this.context ??= new AudioContext();
    return this.context;
  }

  async play(wavBytes: ArrayBuffer): Promise<Playback> {
    const ctx = this.audioContext();
    if (ctx.state === 'suspended') await ctx.resume();
    const buffer = await decode(ctx, wavBytes);
    const envelope = rmsEnvelope(mixDown(buffer), buffer.sampleRate);
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(ctx.destination);
    const startAt = ctx.currentTime + startLead(ctx);
    let stopped = false;
    let finish = () => {};
    // Settles on 'ended', or at once on stop(): a context closed right after may never fire 'ended'.
    const ended = new Promise<void>((resolve) => {
      finish = () => {
        source.disconnect();
        resolve();
      };
      source.addEventListener('ended', () => finish(), { once: true });
    });
    source.start(startAt);
    return {
      envelope,
      durationMs: buffer.duration * 1000,
      elapsedMs: () => (heardTime(ctx) - startAt) * 1000,
      ended,
      stop: () => {
        if (stopped) return;
        stopped = true;
        try {
          source.stop();
        } catch {
          // Already ended.
        }
        finish();
      },
    };
  }

  async close(): Promise<void> {
    if (this.ownsContext && this.context && this.context.state !== 'closed') await this.context.close();
    this.context = undefined;
  }
}

/** PCM WAV (what the server sends) is read here at once; anything else goes to the browser's decoder. */
async function decode(ctx: AudioContext, file: ArrayBuffer): Promise<AudioBuffer> {
  const pcm = readWavPcm(file);
  if (pcm && pcm.channels[0]!.length > 0) {
    try {
      // An AudioBuffer keeps the file's own rate; the context resamples it as it plays.
      const buffer = ctx.createBuffer(pcm.channels.length, pcm.channels[0]!.length, pcm.sampleRate);
      pcm.channels.forEach((samples, channel) => buffer.copyToChannel(samples, channel));
      return buffer;
    } catch {
      // A rate or channel count this browser's AudioBuffer refuses: its decoder may still convert it.
    }
  }
  // decodeAudioData detaches its argument: decode a copy so the caller keeps its bytes.
  return ctx.decodeAudioData(file.slice(0));
}

function heardTime(ctx: AudioContext): number {
  const stamp = typeof ctx.getOutputTimestamp === 'function' ? ctx.getOutputTimestamp() : undefined;
  if (stamp?.contextTime !== undefined && stamp.performanceTime !== undefined && stamp.performanceTime > 0) {
    return stamp.contextTime + (performance.now() - stamp.performanceTime) / 1000;
  }
  return ctx.currentTime - (ctx.outputLatency || ctx.baseLatency || 0);
}

function mixDown(buffer: AudioBuffer): Float32Array {
  if (buffer.numberOfChannels === 1) return buffer.getChannelData(0);
  const mono = new Float32Array(buffer.length);
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const data = buffer.getChannelData(c);
    for (let i = 0; i < mono.length; i++) mono[i] = mono[i]! + data[i]! / buffer.numberOfChannels;
  }
  return mono;
}
