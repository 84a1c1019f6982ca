import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * Reads a multipart form: every text field, and the one file part named `fileField` into memory.
 * The size limit is enforced while streaming (@fastify/multipart stops at `maxBytes` and the
 * error plugin answers 413), so nothing larger is ever buffered or stored. A body the parser
 * cannot read (no boundary, cut off before its closing boundary) is the client's fault: 400
 * `invalid_multipart`, never a 500.
 */
export async function readMultipart(request: FastifyRequest, options: { fileField: string; maxBytes: number }) {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname === options.fileField) file = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // @fastify/multipart's own errors (413 limits, 406 not multipart) carry a status the error plugin maps.
    if (error instanceof AppError || (error as { statusCode?: unknown }).statusCode !== undefined) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new AppError(400, { code: 'invalid_multipart', message: 'The multipart body is malformed or incomplete.' });
  }
  return { fields, file };
}
