import type { z } from 'zod';
import { errorCodes, type ErrorCode } from '@avatar-factory/contracts';

/** An error with a status and a contract-shaped `detail`, thrown by services and mapped by the error plugin. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly detail: string | { code: ErrorCode | string; message: string; errors?: { field: string; message: string }[] },
    public readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, { code, message });
export const unprocessable = (code: ErrorCode | string, message: string, errors?: { field: string; message: string }[]) =>
  new AppError(422, { code, message, ...(errors ? { errors } : {}) });

/** A zod failure of hand-parsed input (multipart fields) as the API's 422 validation_error. */
export const invalidFields = (message: string, error: z.ZodError) =>
  unprocessable(errorCodes.validation, message, error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
