import type { SpeechResponse } from '@avatar-factory/contracts';
import { encodeWav, type SynthesisResult } from '@avatar-factory/speech';

/** The API's speech answer (api.md, issue 3): base64 WAV plus snake_case timings. */
export function toSpeechResponse(result: SynthesisResult): SpeechResponse {
  return {
    audio: encodeWav(result.samples, result.sampleRate).toString('base64'),
    sample_rate: result.sampleRate,
    duration_ms: Math.round(result.durationMs),
    phonemes: result.phonemes.map((p) => ({ symbol: p.symbol, start_ms: Math.round(p.startMs), end_ms: Math.round(p.endMs) })),
    visemes: result.visemes.map((v) => ({ viseme: v.viseme, start_ms: Math.round(v.startMs), end_ms: Math.round(v.endMs) })),
  };
}
