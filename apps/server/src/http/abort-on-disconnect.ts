import type { FastifyReply } from 'fastify';

/** A signal that aborts when the client goes away before the answer is sent, so engines stop work nobody will hear. */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
