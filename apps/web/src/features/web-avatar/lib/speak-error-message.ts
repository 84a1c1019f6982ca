import { ApiError } from '../../../lib/api-error';

/** A sentence a visitor can act on, for each way speaking can fail. */
export function speakErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const wait = error.retryAfterSeconds ? ` Try again in ${error.retryAfterSeconds} seconds.` : ' Please wait a moment and try again.';
      return error.message.startsWith('Too many requests') ? error.message : `Too many requests.${wait}`;
    }
    if (error.status === 422) {
      const field = error.fieldErrors[0]?.message;
      return `This text cannot be spoken: ${field ?? error.message}`;
    }
    if (error.status === 503 && error.detail) return error.message; // e.g. the speech engine is busy
    if (error.status >= 500) return 'The avatar could not speak just now (server error). Please try again.';
    return error.message;
  }
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return 'Something went wrong while speaking. Please try again.';
}
