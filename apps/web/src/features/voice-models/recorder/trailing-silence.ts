/**
 * Energy-based end-of-utterance detection (frame RMS in dBFS against an adaptive noise floor with
 * hysteresis, after Rabiner & Sambur 1975): the take may stop once speech was heard for a while
 * and has then been followed by `silenceMs` of quiet. It never fires before any speech, so a
 * user who is slow to start is not cut off.
 */
export interface TrailingSilenceOptions {
  sampleRate: number;
  /** Quiet after speech that ends the take (spec-free choice: 1.2 s lets a reader take a breath). */
  silenceMs?: number;
  /** Speech must add up to this much before an ending counts (ignores clicks and coughs). */
  minSpeechMs?: number;
  /** A frame is speech when it is this far above the noise floor... */
  speechAboveFloorDb?: number;
  /** ...and at least this loud (a near-silent room must not turn hiss into speech). */
  minSpeechDbfs?: number;
}

export interface TrailingSilenceDetector {
  /** Feeds the next block of samples; true once the take should stop (and from then on). */
  push(samples: Float32Array): boolean;
  /** Speech heard so far, in ms. */
  readonly speechMs: number;
}

const FRAME_MS = 20;

export function createTrailingSilenceDetector(options: TrailingSilenceOptions): TrailingSilenceDetector {
  const silenceMs = options.silenceMs ?? 1200;
  const minSpeechMs = options.minSpeechMs ?? 300;
  const aboveFloor = options.speechAboveFloorDb ?? 12;
  const minSpeechDbfs = options.minSpeechDbfs ?? -45;
  const frameLength = Math.max(1, Math.round((options.sampleRate * FRAME_MS) / 1000));

  let floorDb = -60;
  let floorInitialised = false;
  let speechMs = 0;
  let quietMs = 0;
  let done = false;
  let sumSquares = 0;
  let filled = 0;

  const endFrame = () => {
    const rms = Math.sqrt(sumSquares / frameLength);
    const db = 20 * Math.log10(rms + 1e-10);
    sumSquares = 0;
    filled = 0;
    if (!floorInitialised) {
      floorDb = db;
      floorInitialised = true;
    }
    const isSpeech = db >= Math.max(minSpeechDbfs, floorDb + aboveFloor);
    if (isSpeech) {
      speechMs += FRAME_MS;
      quietMs = 0;
    } else {
      // The floor follows quiet frames quickly downwards and slowly upwards (noise changes slowly).
      floorDb = db < floorDb ? db : floorDb + 0.05 * (db - floorDb);
      quietMs += FRAME_MS;
    }
    if (speechMs >= minSpeechMs && quietMs >= silenceMs) done = true;
  };

  return {
    push(samples) {
      for (let i = 0; i < samples.length && !done; i += 1) {
        const s = samples[i] ?? 0;
        sumSquares += s * s;
        filled += 1;
        if (filled === frameLength) endFrame();
      }
      return done;
    },
    get speechMs() {
      return speechMs;
    },
  };
}
