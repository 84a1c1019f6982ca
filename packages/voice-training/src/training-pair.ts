/** One recorded sentence: the speaker's take and the base voice saying the same text. */
export interface TrainingPair {
  /** The speaker's recording: mono, trimmed (16 kHz from the take check, any rate accepted). */
  take: Float32Array;
  /** The base default voice rendering the same sentence, same sample rate. */
  base: Float32Array;
  sampleRate: number;
}
