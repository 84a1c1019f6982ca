import type { FastifyRequest } from 'fastify';

/**
 * Reads a multipart form: every text field, and the one file part named `fileField` into memory.
 * The size limit is enforced while streaming (@fastify/multipart stops at `maxBytes` and the
 * error plugin answers 413), so nothing larger is ever buffered or stored.
 */
export async function readMultipart(request: FastifyRequest, options: { fileField: string; maxBytes: number }) {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname === options.fileField) file = await part.toBuffer();
      else part.file.resume();
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
