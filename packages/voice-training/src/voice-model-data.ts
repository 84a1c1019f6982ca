import { z } from 'zod';

/**
 * The trained personal voice: everything `convertWithModel` needs, as plain JSON (about 25 kB for 8
 * mixtures). Bump VOICE_MODEL_VERSION on any change of meaning; `parseModel` rejects other versions.
 */
export const VOICE_MODEL_FORMAT = 'avatar-factory/voice-model';
export const VOICE_MODEL_VERSION = 1;

const vector = z.array(z.number().finite());
const matrix = z.array(vector).min(1);

const logF0 = z.object({
  /** Mean and standard deviation of ln(F0/Hz) over voiced frames. */
  mean: z.number().finite(),
  std: z.number().finite().nonnegative(),
  medianHz: z.number().finite().nonnegative(),
});

export const voiceModelDataSchema = z
  .object({
    format: z.literal(VOICE_MODEL_FORMAT),
    version: z.literal(VOICE_MODEL_VERSION),
    /** The default voice this model converts from; the speech engine renders with it first. */
    baseVoice: z.enum(['female', 'male']),
    /** Analysis sample rate; conversion output comes at this rate. */
    sampleRate: z.number().int().positive(),
    /** Mel-cepstrum order and all-pass constant of the features the GMM maps. */
    mcep: z.object({ order: z.number().int().positive(), alpha: z.number().gt(-1).lt(1) }),
    /** Joint-density GMM on c(1..order) of base (x) and speaker (y), per-dimension 2x2 covariances. */
    gmm: z.object({
      weights: vector.min(1),
      meanX: matrix,
      meanY: matrix,
      varX: matrix,
      varY: matrix,
      covXY: matrix,
    }),
    /** Log-F0 statistics of the base voice (source) and the speaker (target). */
    f0: z.object({ source: logF0, target: logF0 }),
    /** Speaker duration / base duration over speech frames (>1: the speaker talks slower). */
    speakingRate: z.object({ ratio: z.number().positive() }),
    /**
     * Global variances of c(1..order) for the GV post-filter (global-variance.ts). Optional, with
     * no version bump: models trained before it have none and convert as they always did.
     */
    gv: z.object({ target: vector, converted: vector }).optional(),
    training: z.object({
      pairs: z.number().int().nonnegative(),
      heldOutPairs: z.number().int().nonnegative(),
      alignedFrames: z.number().int().nonnegative(),
      mixtures: z.number().int().positive(),
      iterations: z.number().int().nonnegative(),
      seconds: z.number().nonnegative(),
      /** Threads that ran the WORLD analysis (worker threads, or 1 for the calling thread). */
      analysisThreads: z.number().int().positive(),
    }),
    /** What the API stores as VoiceModel.metadata (sentence_count, quality_score) and its basis. */
    metadata: z.object({
      sentence_count: z.number().int().nonnegative(),
      quality_score: z.number().min(0).max(1).nullable(),
      /** Held-out mel-cepstral distortion (dB) of the base voice and of the converted base voice. */
      mcd_before_db: z.number().nullable(),
      mcd_after_db: z.number().nullable(),
    }),
  })
  .superRefine((m, ctx) => {
    const k = m.gmm.weights.length;
    const dims = m.mcep.order;
    for (const key of ['meanX', 'meanY', 'varX', 'varY', 'covXY'] as const) {
      const rows = m.gmm[key];
      if (rows.length !== k || rows.some((r) => r.length !== dims)) {
        ctx.addIssue({ code: 'custom', path: ['gmm', key], message: `expected ${k} rows of ${dims} numbers` });
      }
    }
    for (const key of ['varX', 'varY'] as const) {
      if (m.gmm[key].some((r) => r.some((v) => v <= 0))) {
        ctx.addIssue({ code: 'custom', path: ['gmm', key], message: 'variances must be positive' });
      }
    }
    if (m.gv) {
      for (const key of ['target', 'converted'] as const) {
        const v = m.gv[key];
        if (v.length !== dims || v.some((x) => x < 0)) {
          ctx.addIssue({ code: 'custom', path: ['gv', key], message: `expected ${dims} non-negative variances` });
        }
      }
    }
  });

export type VoiceModelData = z.infer<typeof voiceModelDataSchema>;

export function serializeModel(model: VoiceModelData): string {
  return JSON.stringify(voiceModelDataSchema.parse(model));
}

/** Parses and validates a stored model (string or already-parsed JSON); throws a ZodError if invalid. */
export function parseModel(data: string | unknown): VoiceModelData {
  return voiceModelDataSchema.parse(typeof data === 'string' ? JSON.parse(data) : data);
}
