import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { analyseFeatures, type UtteranceFeatures } from './features.ts';
import type { Pacer } from './pacer.ts';

export interface AnalysisJob {
  samples: Float32Array;
  sampleRate: number;
  framePeriodMs: number;
  order: number;
  alpha: number;
}

export interface AnalysisResult {
  f0: Float64Array;
  /** Mel-cepstra, frame-major, `dims` values per frame. */
  mcep: Float64Array;
  speech: Uint8Array;
  dims: number;
}

type Options = Omit<AnalysisJob, 'samples' | 'sampleRate'>;

/**
 * Analyses many recordings on worker threads (piscina; WORLD analysis is about 80 % of training
 * time and each recording is independent), falling back to the calling thread when workers cannot
 * start. Results come back in input order; `onDone` fires as each finishes. Aborting stops the
 * workers at once (piscina terminates a thread whose task is aborted).
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
  const { framePeriodMs, order, alpha } = opts;

  const inThread = async () => {
    for (const [i, input] of inputs.entries()) {
      if (results[i]) continue;
      const f = await analyseFeatures(input.samples, input.sampleRate, { framePeriodMs, order, alpha, pacer: opts.pacer });
      finish(i, { f0: f.f0, mcep: f.mcep, speech: f.speech });
    }
  };
  if (want < 2) {
    await inThread();
    return { features: results, threads: 1 };
  }

  const pool = new Piscina<AnalysisJob, AnalysisResult>({
    filename: new URL('./analysis-worker-bootstrap.mjs', import.meta.url).href,
    minThreads: want,
    maxThreads: want,
  });
  try {
    await Promise.all(
      inputs.map(async (input, i) => {
        // Copy: the caller keeps its samples, the worker gets its own buffer.
        const samples = Float32Array.from(input.samples);
        const job: AnalysisJob = { samples, sampleRate: input.sampleRate, framePeriodMs, order, alpha };
        let answer: AnalysisResult;
        try {
          answer = await pool.run(job, { signal: opts.signal ?? null, transferList: [samples.buffer] });
        } catch (error) {
          throw opts.signal?.aborted ? error : new Error(`analysis of recording ${i} failed: ${(error as Error).message}`, { cause: error });
        }
        const mcep: Float64Array[] = [];
        for (let k = 0; k < answer.mcep.length; k += answer.dims) mcep.push(answer.mcep.subarray(k, k + answer.dims));
        finish(i, { f0: answer.f0, mcep, speech: answer.speech });
      }),
    );
    return { features: results, threads: want };
  } catch (error) {
    opts.pacer.throwIfAborted();
    if (done > 0) throw error;
    // Workers could not run here (no TS loader, no threads): analyse in this thread.
    await inThread();
    opts.pacer.throwIfAborted();
    return { features: results, threads: 1 };
  } finally {
    await pool.destroy();
  }
}
