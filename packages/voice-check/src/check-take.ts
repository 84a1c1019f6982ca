import { clippingRatio, peakDbfs, rmsDbfs } from './analysis/level.ts';
import { detectSpeechFrames, VAD_FRAME_MS } from './analysis/vad.ts';
import { estimateSnr } from './analysis/snr.ts';
import { mfccFrames } from './analysis/mfcc.ts';
import { alignTake } from './analysis/dtw.ts';
import { speechRegion } from './analysis/speech-region.ts';
import { expectedLength, type TakeLanguage } from './analysis/expected-length.ts';
import { trimSilence } from './audio/silence-trim.ts';
import { resample } from '@avatar-factory/audio';
import { ANALYSIS_RATE } from './decode-take.ts';
import { THRESHOLDS as T } from './thresholds.ts';
import { qualityScore, subScores, type SubScores } from './quality-score.ts';

export type TakeFailureCode = 'clipped' | 'no_speech' | 'too_quiet' | 'too_noisy' | 'too_short' | 'does_not_match';

/** English messages a person can act on (shown as the take's error_message). */
export const FAILURE_MESSAGES: Record<TakeFailureCode, string> = {
  clipped: 'The recording is distorted because it is too loud. Move back from the microphone or lower the input gain, then record again.',
  no_speech: 'No speech was detected. Check that the right microphone is selected and not muted, then read the sentence aloud.',
  too_quiet: 'Your voice is too quiet. Move closer to the microphone or speak louder, then record again.',
  too_noisy: 'There is too much background noise. Record again in a quieter room, away from fans and traffic.',
  too_short: 'The recording is too short for this sentence. Read the whole sentence before stopping the recording.',
  does_not_match: 'The recording does not match the sentence. Read the sentence exactly as written, then record again.',
};

export const VAD_METHOD = 'WebRTC VAD (libfvad via @echogarden/fvad-wasm), mode 2, 20 ms frames';

export interface CheckTakeInput {
  samples: Float32Array;
  sampleRate: number;
  text: string;
  language: TakeLanguage;
  /**
   * The base voice saying the same text (trimmed here). Enables the match check. Best with the
   * default voice closest in pitch to the speaker; given several, the best-aligning one counts.
   */
  reference?: Float32Array | Float32Array[];
  /** Sample rate of `reference` when it is not `sampleRate`. */
  referenceSampleRate?: number;
  /** Morae (ja) or syllables (en) of the text from a real front end; estimated from the text otherwise. */
  expectedUnits?: number;
}

export interface TakeMetrics {
  /** Length of the take as given. */
  takeDurationMs: number;
  /** From the first to the last sustained VAD speech, plus 100 ms each side. */
  durationMs: number;
  rmsDbfs: number;
  peakDbfs: number;
  clippingRatio: number;
  vadMethod: string;
  speechMs: number;
  speechShare: number;
  speechDbfs: number;
  noiseFloorDbfs: number;
  snrDb: number;
  expectedUnits: number;
  unit: 'mora' | 'syllable';
  expectedDurationMs: number;
  durationRatio: number;
  /** DTW cost against the reference / against the reversed reference; null without a reference. */
  alignmentRatio: number | null;
  subScores: SubScores;
}

export type CheckTakeResult =
  | { ok: true; qualityScore: number; metrics: TakeMetrics }
  | { ok: false; code: TakeFailureCode; message: string; metrics: TakeMetrics };

/**
 * Checks one take against its sentence. Order of the failure checks: the first that applies is
 * reported, from the problems that make the later measures meaningless (clipping, no speech, a
 * take stopped early, level, noise) to those about the content (length of the reading, match).
 */
export async function checkTake(input: CheckTakeInput): Promise<CheckTakeResult> {
  const samples = input.sampleRate === ANALYSIS_RATE ? input.samples : await resample(input.samples, input.sampleRate, ANALYSIS_RATE);
  const rate = ANALYSIS_RATE;
  const frame = Math.round((rate * VAD_FRAME_MS) / 1000);
  const vad = await detectSpeechFrames(samples, rate);
  const speechFrames = vad.filter(Boolean).length;
  const snr = estimateSnr(samples, vad, frame);
  const expected = expectedLength(input.text, input.language, input.expectedUnits);
  // Length and alignment use the span from the first to the last sustained speech (plus 100 ms):
  // people start the recorder, wait, read, wait and stop, and the room noise around the reading
  // is often too loud for the energy trim of decodeTake to remove.
  // A frame counts when the VAD says speech and it stands 6 dB above the noise floor: WebRTC VAD
  // alone accepts some steady hiss as speech.
  const region = speechRegion(vad.map((isSpeech, f) => isSpeech && (snr.frameDb[f] ?? -120) > snr.noiseDb + 6));
  const margin = Math.round(rate * 0.1);
  const spoken = region
    ? samples.subarray(Math.max(0, region.first * frame - margin), Math.min(samples.length, (region.last + 1) * frame + margin))
    : samples.subarray(0, 0);
  const durationMs = (spoken.length / rate) * 1000;
  const durationRatio = expected.expectedMs > 0 ? durationMs / expected.expectedMs : 0;

  let alignmentRatio: number | null = null;
  if (input.reference && spoken.length > 0) {
    const refRate = input.referenceSampleRate ?? input.sampleRate;
    const takeFeatures = mfccFrames(spoken, rate);
    let best = Infinity;
    for (const reference of Array.isArray(input.reference) ? input.reference : [input.reference]) {
      const ref16 = refRate === rate ? reference : await resample(reference, refRate, rate);
      const ratio = alignTake(takeFeatures, mfccFrames(trimSilence(ref16, rate).samples, rate)).ratio;
      if (ratio < best) best = ratio;
    }
    alignmentRatio = round(best, 4);
  }
  const clip = clippingRatio(samples);
  const metrics: TakeMetrics = {
    takeDurationMs: round((samples.length / rate) * 1000, 1),
    durationMs: round(durationMs, 1),
    rmsDbfs: round(rmsDbfs(samples), 2),
    peakDbfs: round(peakDbfs(samples), 2),
    clippingRatio: round(clip, 5),
    vadMethod: VAD_METHOD,
    speechMs: speechFrames * VAD_FRAME_MS,
    speechShare: vad.length > 0 ? round(speechFrames / vad.length, 3) : 0,
    speechDbfs: round(snr.speechDb, 2),
    noiseFloorDbfs: round(snr.noiseDb, 2),
    snrDb: round(snr.snrDb, 2),
    expectedUnits: round(expected.units, 1),
    unit: expected.unit,
    expectedDurationMs: Math.round(expected.expectedMs),
    durationRatio: round(durationRatio, 3),
    alignmentRatio,
    subScores: { level: 0, clipping: 0, snr: 0, duration: 0, match: null },
  };
  metrics.subScores = subScores({ speechDbfs: metrics.speechDbfs, clippingRatio: clip, snrDb: metrics.snrDb, durationRatio, alignmentRatio });

  const fail = (code: TakeFailureCode): CheckTakeResult => ({ ok: false, code, message: FAILURE_MESSAGES[code], metrics });
  if (clip > T.maxClippingRatio) return fail('clipped');
  if (metrics.speechMs < T.minSpeechMs || metrics.speechShare < T.minSpeechShare) return fail('no_speech');
  // A take stopped too early is too short whatever else is wrong with it; on a fraction of a
  // second the noise floor cannot even be measured, so this comes before level and noise.
  if (metrics.takeDurationMs < T.minDurationRatio * expected.expectedMs) return fail('too_short');
  if (metrics.speechDbfs < T.minSpeechDbfs) return fail('too_quiet');
  if (metrics.snrDb < T.minSnrDb) return fail('too_noisy');
  // Long enough as recorded, but the reading itself is short (a word, then silence).
  if (durationRatio < T.minDurationRatio) return fail('too_short');
  if (durationRatio > T.maxDurationRatio) return fail('does_not_match');
  if (alignmentRatio !== null && !(alignmentRatio <= T.maxAlignmentRatio)) return fail('does_not_match');
  return { ok: true, qualityScore: qualityScore(metrics.subScores), metrics };
}

function round(v: number, digits: number): number {
  if (!Number.isFinite(v)) return v;
  const k = 10 ** digits;
  return Math.round(v * k) / k;
}
