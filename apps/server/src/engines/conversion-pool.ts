import os from 'node:os';
import { Piscina } from 'piscina';
import type { VoiceModelData } from '@avatar-factory/voice-training';
import type { ConversionTask } from './conversion-worker';

/**
 * Personal-voice conversion costs about a third of real time in WORLD analysis and resynthesis:
 * on the main thread it would stall every other request (the public page's included). It runs on
 * a small pool of worker threads instead (piscina), with a bounded wait queue.
 */
export function createConversionPool(options: { threads?: number; maxQueue?: number } = {}) {
  const threads = options.threads ?? Math.max(1, Math.min(2, os.availableParallelism() - 1));
  const pool = new Piscina<ConversionTask, { samples: Float32Array; sampleRate: number }>({
    filename: new URL('./conversion-worker-bootstrap.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    maxQueue: options.maxQueue ?? 16,
    idleTimeout: 60_000,
  });
  return {
    convert(model: VoiceModelData, samples: Float32Array, sampleRate: number, signal?: AbortSignal) {
      return pool.run({ model, samples, sampleRate }, { signal: signal ?? null });
    },
    close: () => pool.destroy(),
  };
}
export type ConversionPool = ReturnType<typeof createConversionPool>;
