/** One viseme of a speech timeline, times in ms from the start of the audio. */
export interface VisemeEvent {
  viseme: string;
  startMs: number;
  endMs: number;
}

/** Audio loudness per frame, normalised so that loud speech is about 1. */
export interface AudioEnvelope {
  frameMs: number;
  values: ArrayLike<number>;
}

/** A speech being played: `startMs` is the animator time at which the audio's time 0 plays. */
export interface SpeechTimeline {
  startMs: number;
  visemes: readonly VisemeEvent[];
  envelope?: AudioEnvelope;
}
