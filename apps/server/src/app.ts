import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trackAllowedMethods } from './http/allowed-methods';
import { clientErrors, routerErrors } from './http/framework-errors';
import { requestBaseUrl } from './http/public-origin';
import { requestBudget } from './http/request-budget';
import { authPlugin, resolveJwtSecret } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import type { Core } from './core';
import { registerApiDocs } from './modules/api-docs/api-docs.plugin';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService, toUser } from './modules/users/users.service';
import { registerWebApp } from './web/static';
import { avatarsRoutes } from './modules/avatars/avatars.routes';
import { createAvatarsService } from './modules/avatars/avatars.service';
import { createSpeechService } from './modules/speech/speech.service';
import { speechRoutes } from './modules/speech/speech.routes';
import { webAvatarRoutes } from './modules/web-avatar/web-avatar.routes';
import { createWebAvatarService } from './modules/web-avatar/web-avatar.service';
import { voiceModelsRoutes } from './modules/voice-models/voice-models.routes';
import { createVoiceModelsService } from './modules/voice-models/voice-models.service';

/** The API process: the core plus the HTTP server. Job handlers and tests use the core's parts. */
export interface App extends Core {
  server: FastifyInstance;
}

/**
 * The HTTP composition root on top of the core (core.ts): external plugins, then services, then
 * routes (fastify/demo order).
 */
export async function buildApp(core: Core): Promise<App> {
  const { config, storage, queue, repositories, metrics } = core;
  const maxParamLength = 1200;
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
    // Off unless TRUST_PROXY names the proxies in front of us: otherwise any client could pick its
    // own request.ip (X-Forwarded-For) and step around every per-client limit.
    // A hop count trusts that many proxies nearest to us (what Fastify does for a number, which
    // its types do not list).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number) : config.TRUST_PROXY,
    // A path segment may be an avatar name of 100 characters, percent-encoded (up to 12 bytes each).
    routerOptions: { maxParamLength },
    frameworkErrors: routerErrors,
    clientErrorHandler: clientErrors,
  }).withTypeProvider<ZodTypeProvider>();
  const allowedMethods = trackAllowedMethods(server, { maxParamLength });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  // Labelled by the route's pattern (/api/tasks/:taskId), never the raw URL: one series per route.
  server.addHook('onResponse', async (request, reply) => {
    metrics.httpRequest(request.method, request.routeOptions.url ?? '(unmatched)', reply.statusCode, reply.elapsedTime / 1000);
  });
  server.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Signed-in answers (tokens, the user's avatars, portraits, takes) never rest in a browser or
    // proxy cache, where the next person on a shared machine could read them. Only the public
    // Web Avatar API chooses its own caching.
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/public/')) reply.header('cache-control', 'no-store');
  });

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
        // Our own stylesheets only: no inline <style> (the web build loads sonner's CSS as a file)
        // and no style sheets from other hosts.
        'style-src': ["'self'"],
        // No page of ours is framed, by anyone: only a published avatar's public page may be
        // embedded elsewhere (web/static.ts).
        'frame-ancestors': ["'none'"],
        // Self-hosted over plain HTTP on a LAN must keep working: do not force https sub-requests.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    // Off unless configured: over plain HTTP it means nothing, and behind HTTPS on a shared domain
    // a year-long includeSubDomains would bind every other site there too.
    strictTransportSecurity: config.HSTS_MAX_AGE > 0 ? { maxAge: config.HSTS_MAX_AGE, includeSubDomains: config.HSTS_INCLUDE_SUBDOMAINS, preload: false } : false,
  });
  await server.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10, parts: 12, fieldSize: 4096 } });
  await server.register(rateLimit, { global: false });
  const usersRepository = repositories.users;
  await server.register(authPlugin, {
    secret,
    expiresIn: config.TOKEN_TTL,
    findUser: async (userId) => {
      const row = await usersRepository.findById(userId);
      return row && toUser(row);
    },
  });

  const users = createUsersService({ users: usersRepository, signToken: (userId) => server.jwt.sign({ sub: userId }) });
  const speechEngine = core.engines.speech;
  const voices = core.engines.voices;
  const speech = createSpeechService({
    engine: speechEngine,
    voices,
    voiceModels: repositories.voiceModels,
    limits: {
      maxEngineCalls: config.SPEECH_MAX_ENGINE_CALLS,
      maxOutputSeconds: { owner: config.SPEECH_MAX_OUTPUT_SECONDS, public: config.PUBLIC_SPEECH_MAX_OUTPUT_SECONDS },
    },
  });
  const voiceTraining = config.voiceTraining;
  const voiceModels = createVoiceModelsService({
    voiceModels: repositories.voiceModels,
    avatars: repositories.avatars,
    storage,
    queue,
    config: () => voiceTraining,
    limits: {
      modelsPerUser: config.MAX_VOICE_MODELS_PER_USER,
      activeTrainingsPerUser: config.MAX_ACTIVE_TRAININGS_PER_USER,
      customSentencesPerModel: config.MAX_CUSTOM_SENTENCES_PER_MODEL,
    },
  });
  const avatars = createAvatarsService({
    avatars: repositories.avatars,
    voiceModels: repositories.voiceModels,
    storage,
    queue,
    maxActivePerUser: config.MAX_ACTIVE_AVATARS_PER_USER,
  });
  const webAvatars = createWebAvatarService({ avatars: repositories.avatars, storage, productName: config.PRODUCT_NAME });
  const baseUrlOf = (request: FastifyRequest) => requestBaseUrl(request, { publicBaseUrl: config.publicBaseUrl, basePath: config.BASE_PATH, port: config.PORT });

  const userSpeechBudget = requestBudget(server, {
    max: config.SPEECH_USER_RATE_LIMIT,
    timeWindow: '1 minute',
    key: (request) => `speech-user:${request.userId}`,
    message: (seconds) => `You can make up to ${config.SPEECH_USER_RATE_LIMIT} speech requests a minute. Try again in ${seconds} seconds.`,
  });

  await registerApiDocs(server, { productName: config.PRODUCT_NAME });
  await server.register(
    async (api) => {
      await api.register(healthRoutes, {
        health: createHealthService({
          health: repositories.health,
          storage,
          queue,
          onFailure: (dependency, error) => server.log.warn({ err: error, dependency }, 'readiness check failed'),
        }),
      });
      await api.register(usersRoutes, {
        users,
        signIn: { perClient: config.SIGNIN_RATE_LIMIT, freeFailures: config.SIGNIN_EMAIL_FREE_FAILURES, maxDelaySeconds: config.SIGNIN_EMAIL_MAX_DELAY_S },
        registerRateLimit: config.REGISTER_RATE_LIMIT,
      });
      await api.register(avatarsRoutes, { avatars, speech, baseUrlOf, userSpeechBudget });
      await api.register(voiceModelsRoutes, { voiceModels, config: () => voiceTraining });
      await api.register(speechRoutes, { speech, userSpeechBudget });
      await api.register(webAvatarRoutes, {
        webAvatars,
        speech,
        productName: config.PRODUCT_NAME,
        rateLimit: config.PUBLIC_RATE_LIMIT,
        avatarRateLimit: config.PUBLIC_AVATAR_RATE_LIMIT,
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(server, {
    basePath: config.BASE_PATH,
    webDistDir: config.webDistDir,
    voicesDir: path.join(config.DATA_DIR, 'voices'),
    isPublished: webAvatars.isPublished,
    allowedMethods,
  });

  return { ...core, server };
}
