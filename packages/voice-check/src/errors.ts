/** Why an uploaded take could not even be analysed (API: 422/413 before the take is stored). */
export type TakeErrorCode = 'invalid_audio' | 'too_long' | 'too_large';

export class TakeError extends Error {
  readonly code: TakeErrorCode;
  constructor(code: TakeErrorCode, message: string) {
    super(message);
    this.name = 'TakeError';
    this.code = code;
  }
}

export function isTakeError(value: unknown): value is TakeError {
  return value instanceof TakeError;
}
