import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCodes, healthResponseSchema, notReadyResponseSchema, readyResponseSchema } from '@avatar-factory/contracts';
import type { HealthService } from './health.service';

export const healthRoutes: FastifyPluginAsync<{ health: HealthService }> = async (fastify, { health }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** Liveness: the process answers. A restart would not fix a database that is down, so it is not asked. */
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, () => ({ status: 'ok' as const }));

  /** Readiness: 200 only when the database, storage and queue answer; else 503 naming which did not. */
  app.get('/ready', { schema: { response: { 200: readyResponseSchema, 503: notReadyResponseSchema } } }, async (_request, reply) => {
    const { ready, checks, failed } = await health.readiness();
    if (ready) return { status: 'ready' as const, checks };
    return reply.code(503).send({
      detail: { code: errorCodes.notReady, message: `Not ready: ${failed.map((name) => `${name} ${checks[name] === 'timed_out' ? 'did not answer in time' : 'failed'}`).join(', ')}`, failed, checks },
    });
  });
};
