import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  avatarSchema,
  avatarVoiceModelSchema,
  createAvatarResponseSchema,
  deployRequestSchema,
  imageLimits,
  setAvatarVoiceModelRequestSchema,
  taskListSchema,
  taskSchema,
  avatarSpeakRequestSchema,
  speechResponseSchema,
} from '@avatar-factory/contracts';
import { notFound } from '../../http/app-error';
import { readMultipart } from '../../http/read-multipart';
import { RIG_FILE_PATTERN } from './avatar-files';
import { abortOnDisconnect } from '../../http/abort-on-disconnect';
import type { RequestBudget } from '../../http/request-budget';
import type { SpeechService } from '../speech/speech.service';
import type { AvatarsService } from './avatars.service';

// Any segment is accepted: an id that is not one of the caller's (not a UUID, too long, someone
// else's, deleted) is the same 404, so nothing tells whether it exists.
const taskParams = z.object({ taskId: z.string() });
const avatarParams = z.object({ avatarId: z.string() });
const rigFileParams = avatarParams.extend({ file: z.string() });

export interface AvatarsRoutesOptions {
  avatars: AvatarsService;
  speech: SpeechService;
  /** The app's absolute base URL as this request sees it (PUBLIC_URL, or its Host). */
  baseUrlOf(request: FastifyRequest): string;
  /** Speech requests per user (shared with the preview route). */
  userSpeechBudget: RequestBudget;
}

export const avatarsRoutes: FastifyPluginAsyncZod<AvatarsRoutesOptions> = async (app, { avatars, speech, baseUrlOf, userSpeechBudget }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/tasks', { schema: { response: { 200: taskListSchema } } }, (request) => avatars.list(request.userId, baseUrlOf(request)));

  app.get('/tasks/:taskId', { schema: { params: taskParams, response: { 200: taskSchema } } }, (request) =>
    avatars.getTask(request.userId, request.params.taskId, baseUrlOf(request)),
  );

  // The body is optional: the spec's call sends none; the web app sends the owner's consent.
  app.post('/tasks/:taskId/deploy', { schema: { params: taskParams, body: deployRequestSchema, response: { 202: taskSchema } } }, async (request, reply) =>
    reply.status(202).send(await avatars.deploy(request.userId, request.params.taskId, baseUrlOf(request), request.body?.consent)),
  );

  app.delete('/tasks/:taskId', { schema: { params: taskParams } }, async (request, reply) => {
    await avatars.remove(request.userId, request.params.taskId);
    return reply.status(204).send();
  });

  app.post('/avatars', { schema: { response: { 202: createAvatarResponseSchema } } }, async (request, reply) => {
    const { fields, file } = await readMultipart(request, { fileField: 'file', maxBytes: imageLimits.maxBytes });
    return reply.status(202).send(await avatars.create(request.userId, fields, file));
  });

  app.get('/avatars/:avatarId', { schema: { params: avatarParams, response: { 200: avatarSchema } } }, (request) =>
    avatars.getAvatar(request.userId, request.params.avatarId, baseUrlOf(request)),
  );

  app.get('/avatars/:avatarId/image', { schema: { params: avatarParams } }, async (request, reply) =>
    reply.type('image/png').send(await avatars.portrait(request.userId, request.params.avatarId)),
  );

  app.get('/avatars/:avatarId/voice-model', { schema: { params: avatarParams, response: { 200: avatarVoiceModelSchema } } }, (request) =>
    avatars.getVoiceModel(request.userId, request.params.avatarId),
  );

  app.post(
    '/avatars/:avatarId/voice-model',
    { schema: { params: avatarParams, body: setAvatarVoiceModelRequestSchema, response: { 200: avatarVoiceModelSchema } } },
    (request) => avatars.setVoiceModel(request.userId, request.params.avatarId, request.body.voice_model_id),
  );

  app.get('/avatars/:avatarId/greeting', { schema: { params: avatarParams } }, async (request, reply) =>
    reply.type('application/json').send(await avatars.greeting(request.userId, request.params.avatarId)),
  );

  /** Speaks a text in the avatar's current voice (its personal model when one is applied). */
  app.post(
    '/avatars/:avatarId/speak',
    { preHandler: userSpeechBudget, schema: { params: avatarParams, body: avatarSpeakRequestSchema, response: { 200: speechResponseSchema } } },
    async (request, reply) =>
      speech.speak({
        voice: await avatars.voiceOf(request.userId, request.params.avatarId),
        text: request.body.text,
        language: request.body.language,
        signal: abortOnDisconnect(reply),
        audience: 'owner',
      }),
  );

  app.get('/avatars/:avatarId/rig/:file', { schema: { params: rigFileParams } }, async (request, reply) => {
    const { avatarId, file } = request.params;
    if (!RIG_FILE_PATTERN.test(file)) throw notFound('Rig file not found');
    const data = await avatars.rigFile(request.userId, avatarId, file);
    return reply.type(file.endsWith('.json') ? 'application/json' : 'image/png').send(data);
  });
};
