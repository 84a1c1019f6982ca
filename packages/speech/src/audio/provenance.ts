import { encodeWav, type WavInfo } from './wav.ts';

/**
 * The marker every WAV of synthetic speech carries, so that a file passed on still says what it
 * is (EU AI Act Art. 50 asks for machine-readable marking of generated audio): the product in
 * ISFT (software) and "AI-generated" in ICMT (comment).
 */
export const SYNTHETIC_SPEECH_INFO: WavInfo = {
  ISFT: 'Avatar Factory',
  ICMT: 'AI-generated: synthetic speech made by Avatar Factory, not a recording of a person',
};

/** A WAV of synthetic speech, marked with {@link SYNTHETIC_SPEECH_INFO}. */
export function encodeSyntheticSpeechWav(samples: Float32Array, sampleRate: number): Buffer {
  return encodeWav(samples, sampleRate, SYNTHETIC_SPEECH_INFO);
}
