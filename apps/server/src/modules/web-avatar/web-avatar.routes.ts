import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes, publicAvatarSchema, publicConfigSchema, publicSpeakRequestSchema, speechResponseSchema } from '@avatar-factory/contracts';
import { AppError } from '../../http/app-error';
import { abortOnDisconnect } from '../../http/abort-on-disconnect';
import { requestBudget } from '../../http/request-budget';
import { answerSpeech, speechQuerySchema } from '../speech/speech-answer';
import type { SpeechService } from '../speech/speech.service';
import type { WebAvatarService } from './web-avatar.service';

/** Any segment: a publicId that cannot exist is the same 404 as one that is not published. */
const publicParams = z.object({ publicId: z.string() });
const fileParams = publicParams.extend({ file: z.string() });

export interface WebAvatarRoutesOptions {
  webAvatars: WebAvatarService;
  speech: SpeechService;
  productName: string;
  /** Speak requests per minute per client. */
  rateLimit: number;
  /** Speak requests per minute per avatar, from all clients together. */
  avatarRateLimit: number;
}

/**
 * The public Web Avatar API (no login). Speaking is rate limited per client and per avatar, and
 * the text is bounded.
 */
export const webAvatarRoutes: FastifyPluginAsyncZod<WebAvatarRoutesOptions> = async (app, options) => {
  const { webAvatars, speech } = options;
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

  app.get('/public/config', { schema: { response: { 200: publicConfigSchema } } }, () => ({ productName: options.productName }));

  app.get('/public/avatars/:publicId', { config: { rateLimit: { ...rateLimit, max: options.rateLimit * 4 } }, schema: { params: publicParams, response: { 200: publicAvatarSchema } } }, (request) =>
    webAvatars.describe(request.params.publicId),
  );

  app.get('/public/avatars/:publicId/rig/:file', { config: { rateLimit: { ...rateLimit, max: options.rateLimit * 10 } }, schema: { params: fileParams } }, async (request, reply) => {
    const { data, type } = await webAvatars.rigFile(request.params.publicId, request.params.file);
    return reply.type(type).header('cache-control', 'public, max-age=60').send(data);
  });

  app.post(
    '/public/avatars/:publicId/speak',
    { config: { rateLimit }, preHandler: avatarBudget, schema: { params: publicParams, body: publicSpeakRequestSchema, querystring: speechQuerySchema, response: { 200: speechResponseSchema } } },
    async (request, reply) => {
      const speakRequest = await webAvatars.speakRequest(request.params.publicId, { text: request.body.text, language: request.body.language, signal: abortOnDisconnect(reply) });
      return answerSpeech(reply, speech, speakRequest, request.query);
    },
  );
};
