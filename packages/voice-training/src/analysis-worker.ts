import { analyseFeatures } from './features.ts';
import type { AnalysisJob, AnalysisResult } from './analysis-pool.ts';

/** Worker side of the analysis pool (piscina): WORLD + mel-cepstra for one recording. */
export async function analyseInWorker(job: AnalysisJob): Promise<AnalysisResult> {
  const f = await analyseFeatures(job.samples, job.sampleRate, { framePeriodMs: job.framePeriodMs, order: job.order, alpha: job.alpha });
  const dims = job.order + 1;
  // One flat array instead of one per frame: a single buffer to copy back to the caller.
  const mcep = new Float64Array(f.mcep.length * dims);
  f.mcep.forEach((c, i) => mcep.set(c, i * dims));
  return { f0: Float64Array.from(f.f0), mcep, speech: f.speech, dims };
}
