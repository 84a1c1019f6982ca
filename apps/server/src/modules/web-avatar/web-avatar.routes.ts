import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes, publicAvatarSchema, publicConfigSchema, publicSpeakRequestSchema, speechResponseSchema } from '@avatar-factory/contracts';
import { AppError, notFound } from '../../http/app-error';
import { abortOnDisconnect } from '../../http/abort-on-disconnect';
import { requestBudget } from '../../http/request-budget';
import type { Storage } from '../../storage/storage';
import { RIG_FILE_PATTERN, webAvatarFiles } from '../avatars/avatar-files';
import type { AvatarsRepository } from '../avatars/avatars.repository';
import type { SpeechService } from '../speech/speech.service';

/** Any segment: a publicId that cannot exist is the same 404 as one that is not published. */
const publicParams = z.object({ publicId: z.string() });
const fileParams = publicParams.extend({ file: z.string() });
const PUBLIC_ID_PATTERN = /^[A-Za-z0-9]{8,40}$/;

/** Whether a public id names a deployed avatar (its page and its API answer; anything else is 404). */
export async function isPublished(avatars: Pick<AvatarsRepository, 'findByPublicId'>, publicId: string): Promise<boolean> {
  return PUBLIC_ID_PATTERN.test(publicId) && Boolean(await avatars.findByPublicId(publicId));
}
const streamQuery = z.object({ stream: z.enum(['0', '1', 'true', 'false']).optional() });

export interface WebAvatarRoutesOptions {
  avatars: Pick<AvatarsRepository, 'findByPublicId'>;
  speech: SpeechService;
  storage: Storage;
  productName: string;
  basePath: string;
  /** Speak requests per minute per client. */
  rateLimit: number;
  /** Speak requests per minute per avatar, from all clients together. */
  avatarRateLimit: number;
}

/**
 * The public Web Avatar API (no login). It answers only for deployed avatars and shows the avatar
 * itself, never its owner; speaking is rate limited per client and the text is bounded.
 */
export const webAvatarRoutes: FastifyPluginAsyncZod<WebAvatarRoutesOptions> = async (app, options) => {
  const { avatars, speech, storage } = options;
  const rateLimit = {
    max: options.rateLimit,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      new AppError(429, { code: errorCodes.rateLimited, message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.` }),
  };
  // A budget per avatar beside the per-client limit: many clients together cannot make one public
  // page cost more than this.
  const avatarBudget = requestBudget(app, {
    max: options.avatarRateLimit,
    timeWindow: '1 minute',
    key: (request) => `public-avatar:${(request.params as { publicId?: string }).publicId ?? ''}`,
    message: (seconds) => `This avatar is speaking to many visitors right now. Try again in ${seconds} seconds.`,
  });
  const deployed = async (publicId: string) => {
    const row = PUBLIC_ID_PATTERN.test(publicId) ? await avatars.findByPublicId(publicId) : undefined;
    if (!row) throw notFound('This avatar does not exist or is no longer published.');
    return row;
  };

  app.get('/public/config', { schema: { response: { 200: publicConfigSchema } } }, () => ({ productName: options.productName }));

  app.get('/public/avatars/:publicId', { config: { rateLimit: { ...rateLimit, max: options.rateLimit * 4 } }, schema: { params: publicParams, response: { 200: publicAvatarSchema } } }, async (request) => {
    const row = await deployed(request.params.publicId);
    return {
      publicId: request.params.publicId,
      avatarName: row.avatarName,
      enable_lipsync: row.enableLipsync,
      rig_url: `/api/public/avatars/${request.params.publicId}/rig/`,
      productName: options.productName,
    };
  });

  app.get('/public/avatars/:publicId/rig/:file', { config: { rateLimit: { ...rateLimit, max: options.rateLimit * 10 } }, schema: { params: fileParams } }, async (request, reply) => {
    const { publicId, file } = request.params;
    await deployed(publicId);
    const key = webAvatarFiles(publicId).rigFile(file);
    if (!RIG_FILE_PATTERN.test(file) || !(await storage.exists(key))) throw notFound('Not found');
    return reply.type(file.endsWith('.json') ? 'application/json' : 'image/png').header('cache-control', 'public, max-age=60').send(await storage.get(key));
  });

  app.post(
    '/public/avatars/:publicId/speak',
    { config: { rateLimit }, preHandler: avatarBudget, schema: { params: publicParams, body: publicSpeakRequestSchema, querystring: streamQuery, response: { 200: speechResponseSchema } } },
    async (request, reply) => {
      const row = await deployed(request.params.publicId);
      const speakRequest = {
        voice: { voiceType: row.voiceType, voiceModelId: row.voiceModelId },
        text: request.body.text,
        language: request.body.language,
        signal: abortOnDisconnect(reply),
        audience: 'public' as const,
      };
      if (request.query.stream === '1' || request.query.stream === 'true') {
        // A stream bypasses the response serializer; each line is a speech answer.
        return reply.type('application/x-ndjson').send((await speech.stream(speakRequest)) as never);
      }
      return speech.speak(speakRequest);
    },
  );
};
