export type SpeechErrorCode =
  | 'empty_text'
  | 'no_speakable_text'
  | 'text_too_long'
  | 'busy'
  | 'engine_missing'
  | 'voices_missing'
  | 'engine_failed'
  | 'aborted';

/** Every failure of this package is a SpeechError with a machine-readable code. */
export class SpeechError extends Error {
  readonly code: SpeechErrorCode;

  constructor(code: SpeechErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpeechError';
    this.code = code;
  }
}

export function isSpeechError(error: unknown, code?: SpeechErrorCode): error is SpeechError {
  return error instanceof SpeechError && (code === undefined || error.code === code);
}
