import { z } from 'zod';
import path from 'node:path';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const basePath = z
  .string()
  .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$/, 'must be a URL path such as /avatar-factory')
  .transform((value) => (value === '/' ? '' : value.replace(/\/$/, '')));

/** Every setting the server reads, with safe defaults. Documented in README.md (Configuration). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_PATH: basePath.default('/avatar-factory'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: z.string().regex(/^\d+[smhd]$/, 'must look like 30m, 12h or 7d').default('24h'),
  PRODUCT_NAME: z.string().min(1).max(60).default('Hibiki'),
  WORKERS: booleanFromEnv.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** How long a claimed job stays locked without a heartbeat before another worker takes it over. */
  JOB_LEASE_MS: z.coerce.number().int().min(2000).max(600_000).default(15_000),
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** A client must have sent its whole request within this time (Fastify's default, 0, waits forever). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR'> {
  DATA_DIR: string;
  webDistDir: string;
  /** Absolute origin + base path of the app as the public sees it. */
  publicBaseUrl: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment; throws ConfigError listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const value = parsed.data;
  const origin = value.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${value.PORT}`;
  return {
    ...value,
    DATA_DIR: path.resolve(value.DATA_DIR),
    webDistDir: path.resolve(value.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    publicBaseUrl: `${origin}${value.BASE_PATH}`,
  };
}
