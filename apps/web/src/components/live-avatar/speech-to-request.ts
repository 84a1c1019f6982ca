import type { SpeakRequest } from '@avatar-factory/avatar-renderer';
import type { SpeechResponse } from '@avatar-factory/contracts';

type FromBase64 = { fromBase64?: (base64: string) => Uint8Array<ArrayBuffer> };

/** Base64 (the API's `audio`) to the WAV file's bytes; the browser's own decoder where it has one. */
export function base64ToArrayBuffer(base64: string): ArrayBuffer {
  const native = (Uint8Array as unknown as FromBase64).fromBase64;
  if (native) return native(base64).buffer;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** The API's speech answer (snake_case, base64) as the player's speak request (camelCase, bytes). */
export function speechToRequest(speech: SpeechResponse): SpeakRequest {
  return {
    audio: base64ToArrayBuffer(speech.audio),
    visemes: speech.visemes.map((v) => ({ viseme: v.viseme, startMs: v.start_ms, endMs: v.end_ms })),
  };
}
