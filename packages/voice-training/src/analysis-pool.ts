import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { analyseFeatures, type UtteranceFeatures } from './features.ts';
import type { Pacer } from './pacer.ts';

export interface AnalysisJob {
  id: number;
  samples: Float32Array;
  sampleRate: number;
  framePeriodMs: number;
  order: number;
  alpha: number;
}

export interface AnalysisResult {
  id: number;
  f0: Float64Array;
  /** Mel-cepstra, frame-major, `dims` values per frame. */
  mcep: Float64Array;
  speech: Uint8Array;
  dims: number;
}

type Options = Omit<AnalysisJob, 'id' | 'samples' | 'sampleRate'>;

/**
 * Analyses many recordings on worker threads (WORLD analysis is about 80 % of training time and
 * each recording is independent), falling back to the calling thread when workers cannot start.
 * Results come back in input order; `onDone` fires as each finishes. Aborting terminates the
 * workers at once.
 */
export async function analyseAll(
  inputs: Array<{ samples: Float32Array; sampleRate: number }>,
  opts: Options & { workers?: number; pacer: Pacer; signal?: AbortSignal; onDone?: (done: number) => void },
): Promise<{ features: UtteranceFeatures[]; threads: number }> {
  const want = Math.min(opts.workers ?? Math.min(2, availableParallelism()), inputs.length);
  const results: UtteranceFeatures[] = new Array(inputs.length);
  let done = 0;
  const finish = (i: number, f: UtteranceFeatures) => {
    results[i] = f;
    opts.onDone?.(++done);
  };
  let next = 0;

  const inThread = async () => {
    while (next < inputs.length) {
      const i = next++;
      const f = await analyseFeatures(inputs[i]!.samples, inputs[i]!.sampleRate, { ...opts, pacer: opts.pacer });
      finish(i, { f0: f.f0, mcep: f.mcep, speech: f.speech });
    }
  };
  if (want < 2) {
    await inThread();
    return { features: results, threads: 1 };
  }

  const workers: Worker[] = [];
  const stopAll = () => workers.forEach((w) => void w.terminate());
  const onAbort = () => stopAll();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const runWorker = (worker: Worker) =>
      new Promise<void>((resolve, reject) => {
        let current = -1;
        const send = () => {
          if (opts.signal?.aborted || next >= inputs.length) {
            resolve();
            return;
          }
          current = next++;
          const input = inputs[current]!;
          // Copy: the caller keeps its samples, the worker gets its own buffer.
          const samples = Float32Array.from(input.samples);
          const job: AnalysisJob = { id: current, samples, sampleRate: input.sampleRate, ...opts };
          worker.postMessage(
            { id: job.id, samples, sampleRate: job.sampleRate, framePeriodMs: job.framePeriodMs, order: job.order, alpha: job.alpha },
            [samples.buffer],
          );
        };
        worker.on('message', (msg: AnalysisResult | { id: number; error: string }) => {
          if ('error' in msg) {
            reject(new Error(`analysis of recording ${msg.id} failed: ${msg.error}`));
            return;
          }
          const mcep: Float64Array[] = [];
          for (let i = 0; i < msg.mcep.length; i += msg.dims) mcep.push(msg.mcep.subarray(i, i + msg.dims));
          finish(msg.id, { f0: msg.f0, mcep, speech: msg.speech });
          current = -1;
          send();
        });
        worker.on('error', reject);
        worker.on('exit', () => (current >= 0 ? reject(new Error('analysis worker stopped')) : resolve()));
        worker.once('online', send);
      });
    const started: Array<Promise<void>> = [];
    for (let w = 0; w < want; w++) {
      const worker = new Worker(new URL('./analysis-worker-bootstrap.mjs', import.meta.url));
      workers.push(worker);
      started.push(runWorker(worker));
    }
    let threads = want;
    try {
      await Promise.all(started);
    } catch (err) {
      opts.pacer.throwIfAborted();
      if (done > 0) throw err;
      // Workers could not run here (no TS loader, no threads): analyse in this thread.
      stopAll();
      next = 0;
      threads = 1;
      await inThread();
    }
    opts.pacer.throwIfAborted();
    return { features: results, threads };
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    stopAll();
  }
}
