import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRequestSchema, tokenRequestSchema, tokenResponseSchema, userSchema, errorCodes } from '@avatar-factory/contracts';
import { AppError } from '../../http/app-error';
import type { UsersService } from './users.service';
import { createSignInLimiter } from './sign-in-limiter';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; signInRateLimit: number }> = async (app, { users, signInRateLimit }) => {
  app.post('/users', { schema: { body: registerRequestSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const user = await users.register(request.body);
    return reply.status(201).send(user);
  });

  const limiter = createSignInLimiter({ max: signInRateLimit });
  app.post('/token', { schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema } } }, async (request) => {
    const key = `${request.ip}|${request.body.username.toLowerCase()}`;
    const wait = limiter.begin(key);
    if (wait !== undefined) {
      throw new AppError(429, { code: errorCodes.tooManyAttempts, message: `Too many failed sign-in attempts. Try again in ${wait} seconds.` }, { 'Retry-After': String(wait) });
    }
    try {
      const token = await users.signIn(request.body.username, request.body.password);
      limiter.succeeded(key);
      return { access_token: token, token_type: 'bearer' as const };
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 401)) limiter.undecided(key);
      throw error;
    }
  });

  app.get('/users/me', { onRequest: app.authenticate, schema: { response: { 200: userSchema } } }, async (request) => request.currentUser);
};
