import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { clientErrors, routerErrors } from './http/framework-errors';
import { createQueue, type Queue } from './jobs/queue';
import { authPlugin, resolveJwtSecret } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { createLocalStorage, type Storage } from './storage/storage';
import { healthRoutes } from './modules/health/health.routes';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService, toUser } from './modules/users/users.service';
import { registerWebApp } from './web/static';
import { defaultSpeechEngine, type SpeechEngine } from '@avatar-factory/speech';
import { avatarPipeline, type AvatarPipeline } from './engines/avatar-pipeline';
import { createConversionPool } from './engines/conversion-pool';
import { createAvatarsRepository, type AvatarsRepository } from './modules/avatars/avatars.repository';
import { avatarsRoutes } from './modules/avatars/avatars.routes';
import { createAvatarsService } from './modules/avatars/avatars.service';
import { createSpeechService } from './modules/speech/speech.service';
import { speechRoutes } from './modules/speech/speech.routes';
import { createVoiceResolver, type VoiceResolver } from './modules/speech/voice-resolver';
import { createVoiceModelsRepository, type VoiceModelsRepository } from './modules/voice-models/voice-models.repository';
import { isPublished, webAvatarRoutes } from './modules/web-avatar/web-avatar.routes';
import { trainingConfig } from '@avatar-factory/voice-check';
import { voiceModelsRoutes } from './modules/voice-models/voice-models.routes';
import { createVoiceModelsService } from './modules/voice-models/voice-models.service';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The engines default to the real ones; a benchmark may pass its own instances. */
  speech?: SpeechEngine;
  pipeline?: AvatarPipeline;
}

/** What job handlers and tests need besides the HTTP server. */
export interface App {
  server: FastifyInstance;
  config: Config;
  queue: Queue;
  storage: Storage;
  repositories: { avatars: AvatarsRepository; voiceModels: VoiceModelsRepository };
  engines: { speech: SpeechEngine; pipeline: AvatarPipeline; voices: VoiceResolver };
}

/** The composition root: external plugins, then services, then routes (fastify/demo order). */
export async function buildApp({ config, database, ...overrides }: AppDeps): Promise<App> {
  const server = Fastify({
    logger: { level: config.LOG_LEVEL },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A client that opens a request and stops sending would otherwise hold its socket for good.
    // 5 minutes (Node's own default) leaves room for a 20 MB take on a slow uplink. Node enforces
    // it only when headersTimeout is not longer (measured: with 60 s of headersTimeout a stalled
    // body was never cut), and checks every connectionsCheckingInterval.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.REQUEST_TIMEOUT_MS / 4)),
    },
    trustProxy: true,
    // A path segment may be an avatar name of 100 characters, percent-encoded (up to 12 bytes each).
    routerOptions: { maxParamLength: 1200 },
    frameworkErrors: routerErrors,
    clientErrorHandler: clientErrors,
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const storage = createLocalStorage(path.join(config.DATA_DIR, 'files'));
  const queue = createQueue(database.db, { leaseMs: config.JOB_LEASE_MS });
  const secret = await resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);

  await server.register(errorsPlugin);
  await server.register(helmet, {
    // The SPA and the public avatar page load only our own scripts, styles, images and WASM.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        // Only the public Web Avatar page may be embedded elsewhere (see web/static.ts).
        'frame-ancestors': ["'self'"],
        // Self-hosted over plain HTTP on a LAN must keep working: do not force https sub-requests.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: false,
  });
  await server.register(formbody);
  await server.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10, parts: 12, fieldSize: 4096 } });
  await server.register(rateLimit, { global: false });
  const usersRepository = createUsersRepository(database.db);
  await server.register(authPlugin, {
    secret,
    expiresIn: config.TOKEN_TTL,
    findUser: async (userId) => {
      const row = await usersRepository.findById(userId);
      return row && toUser(row);
    },
  });

  const users = createUsersService({ users: usersRepository, signToken: (userId) => server.jwt.sign({ sub: userId }) });
  const repositories = { avatars: createAvatarsRepository(database.db), voiceModels: createVoiceModelsRepository(database.db) };
  const speechEngine = overrides.speech ?? defaultSpeechEngine();
  const conversion = createConversionPool();
  server.addHook('onClose', () => conversion.close());
  const voices = createVoiceResolver({ voiceModels: repositories.voiceModels, storage, conversion });
  const speech = createSpeechService({ engine: speechEngine, voices });
  const voiceTraining = trainingConfig();
  const voiceModels = createVoiceModelsService({
    voiceModels: repositories.voiceModels,
    avatars: repositories.avatars,
    storage,
    queue,
    config: () => voiceTraining,
  });
  const avatars = createAvatarsService({
    avatars: repositories.avatars,
    voiceModels: repositories.voiceModels,
    storage,
    queue,
    publicBaseUrl: config.publicBaseUrl,
  });

  await server.register(
    async (api) => {
      await api.register(healthRoutes, { db: database.db });
      await api.register(usersRoutes, { users, signInRateLimit: config.SIGNIN_RATE_LIMIT });
      await api.register(avatarsRoutes, { avatars, speech });
      await api.register(voiceModelsRoutes, { voiceModels, config: () => voiceTraining });
      await api.register(speechRoutes, { speech, voiceModels: repositories.voiceModels });
      await api.register(webAvatarRoutes, {
        avatars: repositories.avatars,
        speech,
        storage,
        productName: config.PRODUCT_NAME,
        basePath: config.BASE_PATH,
        rateLimit: config.PUBLIC_RATE_LIMIT,
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(server, {
    basePath: config.BASE_PATH,
    webDistDir: config.webDistDir,
    voicesDir: path.join(config.DATA_DIR, 'voices'),
    isPublished: (publicId) => isPublished(repositories.avatars, publicId),
  });

  return {
    server,
    config,
    queue,
    storage,
    repositories,
    engines: { speech: speechEngine, pipeline: overrides.pipeline ?? avatarPipeline, voices },
  };
}
