import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import type { TrainingConfig } from '@avatar-factory/contracts';
import type { SpeechAssets } from '@avatar-factory/speech';
import { MAX_RECORDINGS, trainingConfig } from '@avatar-factory/voice-check';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const basePath = z
  .string()
  .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$/, 'must be a URL path such as /avatar-factory')
  .transform((value) => (value === '/' ? '' : value.replace(/\/$/, '')));

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];
const isAddressOrRange = (entry: string) => {
  if (PROXY_PRESETS.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: which proxies in front of us may set X-Forwarded-For/-Proto/-Host. Off by default,
 * so a client cannot choose its own address for the rate limits. A hop count (`1`: the nearest
 * proxy) or a comma-separated list of addresses, CIDR ranges or proxy-addr's presets
 * (`loopback`, `linklocal`, `uniquelocal`).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    } else {
      const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
      const bad = entries.filter((entry) => !isAddressOrRange(entry));
      if (entries.length > 0 && bad.length === 0) return entries;
      if (bad.length > 0) {
        context.addIssue({ code: 'custom', message: `not an IP address or CIDR range: ${bad.join(', ')} (use a hop count such as 1, or addresses such as 127.0.0.1,10.0.0.0/8)` });
        return z.NEVER;
      }
    }
    context.addIssue({ code: 'custom', message: 'must be a hop count from 0 to 10, or a comma-separated list of proxy addresses or CIDR ranges' });
    return z.NEVER;
  });

const recordingCount = z.coerce.number().int().min(1).max(MAX_RECORDINGS);

/**
 * Every setting the server reads, with safe defaults. Documented in README.md (Configuration).
 * Nothing else in the server or the engines reads the environment: values reach them as options.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_PATH: basePath.default('/avatar-factory'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxy.default(false),
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
  /** Days a finished job (completed, failed, cancelled) stays in the queue's table; 0 keeps them. */
  JOB_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  /** On SIGTERM, how long running jobs may take to finish before they are handed back to the queue. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(8000),
  /** Port of the Prometheus /metrics listener, separate from PORT; unset (the default): no metrics are served. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of the metrics listener: loopback unless the scraper is elsewhere. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Failed sign-ins per minute per client address (over all e-mails). */
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins of one e-mail (from anywhere) before each further attempt waits, 1 s then doubling. */
  SIGNIN_EMAIL_FREE_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** The longest wait between sign-in attempts of one e-mail, in seconds. */
  SIGNIN_EMAIL_MAX_DELAY_S: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Accounts one client address may create per hour. */
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Speak requests per minute to one public avatar, from all clients together. */
  PUBLIC_AVATAR_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** Speech requests (previews, avatar speak) per minute per signed-in user. */
  SPEECH_USER_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Speech engine processes (Open JTalk, flite) running at once. */
  SPEECH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Folder of the HTS voices (default: .vendor/speech/voices, filled by `npm run setup`). */
  SPEECH_VOICES_DIR: z.string().min(1).optional(),
  /** Open JTalk's dictionary folder (default: Debian's /var/lib/mecab/dic/open-jtalk/naist-jdic). */
  SPEECH_OPEN_JTALK_DIC: z.string().min(1).optional(),
  /** Ready takes needed to start voice training (default: 10, or VOICE_REQUIRED_RECORDINGS if smaller). */
  VOICE_MIN_RECORDINGS: recordingCount.optional(),
  /** Takes the recording session asks for. */
  VOICE_REQUIRED_RECORDINGS: recordingCount.default(30),
  /** Public speak requests the speech engine works on at once; more get 503 speech_busy at once. */
  SPEECH_MAX_PUBLIC_REQUESTS: z.coerce.number().int().min(1).max(1000).default(8),
  /** The same for signed-in users' speech and background jobs (a separate share: public traffic never takes it). */
  SPEECH_MAX_OWNER_REQUESTS: z.coerce.number().int().min(1).max(1000).default(16),
  /** Engine processes one speech request may start; shorter sentences are merged to fit. */
  SPEECH_MAX_ENGINE_CALLS: z.coerce.number().int().min(1).max(100).default(8),
  /** Seconds of audio one signed-in speech request may produce (500 characters of Japanese: about 80 s). */
  SPEECH_MAX_OUTPUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(90),
  /** Seconds of audio one public speak request may produce (200 characters: about 35 s). */
  PUBLIC_SPEECH_MAX_OUTPUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(45),
  /** Avatars one user may have being generated at once (queued or running). */
  MAX_ACTIVE_AVATARS_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
  /** Voice trainings one user may have running at once. */
  MAX_ACTIVE_TRAININGS_PER_USER: z.coerce.number().int().min(1).max(100).default(1),
  /** Voice models one user may keep. */
  MAX_VOICE_MODELS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  /** Takes of sentences other than the suggested ones, per voice model. */
  MAX_CUSTOM_SENTENCES_PER_MODEL: z.coerce.number().int().min(0).max(10_000).default(50),
  /** A client must have sent its whole request within this time (Fastify's default, 0, waits forever). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /** Strict-Transport-Security max-age in seconds; 0 (the default) sends no HSTS header. */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(0),
  HSTS_INCLUDE_SUBDOMAINS: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
}).superRefine((env, context) => {
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: `must differ from PORT (${env.PORT}): metrics are never served on the public port` });
  }
  if (env.VOICE_MIN_RECORDINGS !== undefined && env.VOICE_MIN_RECORDINGS > env.VOICE_REQUIRED_RECORDINGS) {
    context.addIssue({ code: 'custom', path: ['VOICE_MIN_RECORDINGS'], message: `must not exceed VOICE_REQUIRED_RECORDINGS (${env.VOICE_REQUIRED_RECORDINGS})` });
  }
});

type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR'> {
  DATA_DIR: string;
  webDistDir: string;
  /** The recording targets (VOICE_MIN_RECORDINGS, VOICE_REQUIRED_RECORDINGS). */
  voiceTraining: TrainingConfig;
  /** Where the speech engine finds its voices and dictionary (SPEECH_VOICES_DIR, SPEECH_OPEN_JTALK_DIC). */
  speechAssets: SpeechAssets;
  /** Absolute origin + base path of the app when PUBLIC_URL is set; otherwise it follows each request. */
  publicBaseUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** For the entry points: the config, or every problem on stderr and exit code 2. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/** Parses the environment; throws ConfigError listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const value = parsed.data;
  return {
    ...value,
    DATA_DIR: path.resolve(value.DATA_DIR),
    webDistDir: path.resolve(value.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    voiceTraining: trainingConfig({ minRecordings: value.VOICE_MIN_RECORDINGS, requiredRecordings: value.VOICE_REQUIRED_RECORDINGS }),
    speechAssets: {
      voicesDir: value.SPEECH_VOICES_DIR && path.resolve(value.SPEECH_VOICES_DIR),
      openJTalkDictionary: value.SPEECH_OPEN_JTALK_DIC && path.resolve(value.SPEECH_OPEN_JTALK_DIC),
    },
    publicBaseUrl: value.PUBLIC_URL ? `${value.PUBLIC_URL.replace(/\/$/, '')}${value.BASE_PATH}` : undefined,
  };
}
