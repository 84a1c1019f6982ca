import { errorResponseSchema, type ErrorDetail, type ErrorResponse } from '@avatar-factory/contracts';

/**
 * A failed API call. `detail` is the contract's error shape when the server sent one
 * (`{detail: "text"}` or `{detail: {code, message, errors?}}`), otherwise null.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: ErrorResponse['detail'] | null;
  readonly retryAfterSeconds: number | null;

  constructor(status: number, detail: ErrorResponse['detail'] | null, message: string, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The machine-readable code (e.g. `email_taken`) when the detail is an object. */
  get code(): string | null {
    return typeof this.detail === 'object' && this.detail !== null ? this.detail.code : null;
  }

  /** Per-field validation messages of a 422 `validation_error`. */
  get fieldErrors(): NonNullable<ErrorDetail['errors']> {
    return typeof this.detail === 'object' && this.detail !== null ? (this.detail.errors ?? []) : [];
  }
}

/**
 * Turns a non-2xx answer into an ApiError. Bodies that do not follow the contract
 * (an HTML proxy page, an empty body) still yield a readable message instead of throwing.
 */
export function parseApiError(status: number, body: unknown, retryAfterHeader: string | null = null): ApiError {
  const parsed = errorResponseSchema.safeParse(body);
  const retryAfter = parseRetryAfter(retryAfterHeader);
  if (!parsed.success) {
    return new ApiError(status, null, `Request failed with status ${status}`, retryAfter);
  }
  const { detail } = parsed.data;
  const message = typeof detail === 'string' ? detail : detail.message;
  return new ApiError(status, detail, message, retryAfter);
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
function parseRetryAfter(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
