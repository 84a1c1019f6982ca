import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRequestSchema, tokenRequestSchema, tokenResponseSchema, userSchema, errorCodes } from '@avatar-factory/contracts';
import { AppError } from '../../http/app-error';
import type { UsersService } from './users.service';
import { createSignInLimiter, type SignInLimiterOptions } from './sign-in-limiter';

export interface UsersRoutesOptions {
  users: UsersService;
  signIn: Omit<SignInLimiterOptions, 'now' | 'windowMs'>;
  /** Accounts one client address may create per hour. */
  registerRateLimit: number;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, signIn, registerRateLimit }) => {
  const registerLimit = {
    max: registerRateLimit,
    timeWindow: '1 hour',
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      new AppError(429, {
        code: errorCodes.rateLimited,
        message: `Too many accounts created from this address (at most ${registerRateLimit} an hour). Try again in ${Math.ceil(context.ttl / 60_000)} minutes.`,
      }),
  };
  app.post('/users', { config: { rateLimit: registerLimit }, schema: { body: registerRequestSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const user = await users.register(request.body);
    return reply.status(201).send(user);
  });

  // Only the token call takes a form body (OAuth2's password flow); every other call is JSON-only,
  // so a form sent to them is a 415, not parsed into strings.
  await app.register(async (scope) => {
    await scope.register(formbody);
    const form = scope.withTypeProvider<ZodTypeProvider>();
    const limiter = createSignInLimiter(signIn);
    form.post('/token', { schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema } } }, async (request) => {
      const attempt = limiter.begin(request.ip, request.body.username.trim().toLowerCase());
      if ('retryAfter' in attempt) {
        const wait = attempt.retryAfter;
        throw new AppError(429, { code: errorCodes.tooManyAttempts, message: `Too many failed sign-in attempts. Try again in ${wait} seconds.` }, { 'Retry-After': String(wait) });
      }
      try {
        const token = await users.signIn(request.body.username, request.body.password);
        attempt.succeeded();
        return { access_token: token, token_type: 'bearer' as const };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) attempt.failed();
        else attempt.undecided();
        throw error;
      }
    });
  });

  app.get('/users/me', { onRequest: app.authenticate, schema: { response: { 200: userSchema } } }, async (request) => request.currentUser);
};
