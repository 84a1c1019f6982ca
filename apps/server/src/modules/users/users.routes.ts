import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRequestSchema, tokenRequestSchema, tokenResponseSchema, userSchema, errorCodes } from '@avatar-factory/contracts';
import { AppError } from '../../http/app-error';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; signInRateLimit: number }> = async (app, { users, signInRateLimit }) => {
  app.post('/users', { schema: { body: registerRequestSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const user = await users.register(request.body);
    return reply.status(201).send(user);
  });

  app.post(
    '/token',
    {
      schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema } },
      config: {
        rateLimit: {
          max: signInRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `${request.ip}|${String((request.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase()}`,
          errorResponseBuilder: (_request, context) =>
            new AppError(429, { code: errorCodes.tooManyAttempts, message: `Too many sign-in attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.` }),
        },
      },
    },
    async (request) => ({ access_token: await users.signIn(request.body.username, request.body.password), token_type: 'bearer' as const }),
  );

  app.get('/users/me', { onRequest: app.authenticate, schema: { response: { 200: userSchema } } }, async (request) => users.me(request.userId));
};
