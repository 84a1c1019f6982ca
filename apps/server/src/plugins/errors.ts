import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes } from '@avatar-factory/contracts';
import { AppError } from '../http/app-error';

/** Fastify's own error codes that are the client's fault, mapped to the API's error shape. */
const clientErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: errorCodes.unsupportedMediaType, message: 'Unsupported content type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', message: 'Request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_body', message: 'Content-Length does not match the body' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: errorCodes.fileTooLarge, message: 'File is too large' },
  FST_PARTS_LIMIT: { status: 413, code: 'too_many_parts', message: 'Too many multipart fields' },
  FST_FILES_LIMIT: { status: 413, code: 'too_many_files', message: 'Too many files' },
  FST_FIELDS_LIMIT: { status: 413, code: 'too_many_fields', message: 'Too many fields' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: errorCodes.unsupportedMediaType, message: 'Expected multipart/form-data' },
  FST_ERR_VALIDATION: { status: 422, code: errorCodes.validation, message: 'Invalid request' },
};

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].filter(Boolean).join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      request.log.info({ errors }, 'validation failed');
      return reply.status(422).send({ detail: { code: errorCodes.validation, message: 'Invalid request', errors } });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) {
      request.log.info({ code: error.code, message: error.message }, 'client error');
      return reply.status(known.status).send({ detail: { code: known.code, message: known.message } });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ detail: { code: errorCodes.tooManyAttempts, message: 'Too many attempts. Please wait and try again.' } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal Server Error' });
  });
});
