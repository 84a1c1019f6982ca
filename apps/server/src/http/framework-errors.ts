import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The router's own refusals, in the API's error shape: a longer segment names nothing (404), a bad escape is a 400. */
export function routerErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send({ detail: 'Not Found' });
  return reply.status(400).send({ detail: { code: 'invalid_url', message: 'The URL is not valid' } });
}

/**
 * Errors Node raises on the socket before any route runs (a stalled upload, oversized headers,
 * broken HTTP), answered in the API's error shape instead of Fastify's own.
 */
export function clientErrors(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, 'request_timeout', 'The request was not received in time'] as const)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'headers_too_large', 'The request headers are too large'] as const)
        : ([400, 'bad_request', 'The request is not valid HTTP'] as const);
  const body = JSON.stringify({ detail: { code, message } });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy();
}
