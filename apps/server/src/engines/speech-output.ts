import type { SpeechResponse } from '@avatar-factory/contracts';
import { encodeSyntheticSpeechWav, type SynthesisResult } from '@avatar-factory/speech';

/** The API's speech answer: base64 WAV (marked as AI-generated) plus snake_case timings. */
export function toSpeechResponse(result: SynthesisResult): SpeechResponse {
  return {
    audio: encodeSyntheticSpeechWav(result.samples, result.sampleRate).toString('base64'),
    sample_rate: result.sampleRate,
    duration_ms: Math.round(result.durationMs),
    phonemes: result.phonemes.map((p) => ({ symbol: p.symbol, start_ms: Math.round(p.startMs), end_ms: Math.round(p.endMs) })),
    visemes: result.visemes.map((v) => ({ viseme: v.viseme, start_ms: Math.round(v.startMs), end_ms: Math.round(v.endMs) })),
  };
}
