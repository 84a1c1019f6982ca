import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '@avatar-factory/contracts';
import { AppError } from './app-error';

export interface RequestBudgetOptions {
  /** Requests per window for one key. */
  max: number;
  timeWindow: string;
  /** What is counted: a user, a public avatar ... (never the client address: see per-route limits). */
  key(request: FastifyRequest): string;
  /** The 429's message, given the seconds until the budget refills. */
  message(retryAfterSeconds: number): string;
}

/**
 * A preHandler that counts requests per key with @fastify/rate-limit's own store (createRateLimit,
 * so it can run beside a route's per-client limit, which the plugin's hooks would skip) and
 * answers 429 rate_limited with Retry-After once the key's budget is spent.
 */
export function requestBudget(app: FastifyInstance, options: RequestBudgetOptions) {
  const check = app.createRateLimit({ max: options.max, timeWindow: options.timeWindow, keyGenerator: options.key });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    // isAllowed means 'on the allow list'; isExceeded is the verdict.
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
    throw new AppError(429, { code: errorCodes.rateLimited, message: options.message(seconds) }, { 'Retry-After': String(seconds) });
  };
}
export type RequestBudget = ReturnType<typeof requestBudget>;
