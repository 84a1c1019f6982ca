import { parentPort } from 'node:worker_threads';
import { analyseFeatures } from './features.ts';
import type { AnalysisJob, AnalysisResult } from './analysis-pool.ts';

/** Worker side of the analysis pool: WORLD + mel-cepstra for one recording per message. */
parentPort?.on('message', (job: AnalysisJob) => {
  void (async () => {
    try {
      const f = await analyseFeatures(job.samples, job.sampleRate, {
        framePeriodMs: job.framePeriodMs,
        order: job.order,
        alpha: job.alpha,
      });
      const dims = job.order + 1;
      const mcep = new Float64Array(f.mcep.length * dims);
      f.mcep.forEach((c, i) => mcep.set(c, i * dims));
      const f0 = Float64Array.from(f.f0);
      const result: AnalysisResult = { id: job.id, f0, mcep, speech: f.speech, dims };
      parentPort!.postMessage(result, [f0.buffer, mcep.buffer, f.speech.buffer as ArrayBuffer]);
    } catch (err) {
      parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
    }
  })();
});
