import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { speechPreviewRequestSchema, speechResponseSchema } from '@avatar-factory/contracts';
import { conflict, notFound } from '../../http/app-error';
import type { VoiceModelsRepository } from '../voice-models/voice-models.repository';
import { abortOnDisconnect } from '../../http/abort-on-disconnect';
import type { RequestBudget } from '../../http/request-budget';
import type { SpeechService } from './speech.service';

const streamQuery = z.object({ stream: z.enum(['0', '1', 'true', 'false']).optional() });

/** POST /api/speech/preview: hear any of the caller's voices say a text. */
export const speechRoutes: FastifyPluginAsyncZod<{ speech: SpeechService; voiceModels: Pick<VoiceModelsRepository, 'findOwned'>; userSpeechBudget: RequestBudget }> = async (
  app,
  { speech, voiceModels, userSpeechBudget },
) => {
  app.post(
    '/speech/preview',
    { onRequest: app.authenticate, preHandler: userSpeechBudget, schema: { body: speechPreviewRequestSchema, querystring: streamQuery, response: { 200: speechResponseSchema } } },
    async (request, reply) => {
      const { text, voice, voice_model_id, language } = request.body;
      if (voice === 'custom') {
        const model = await voiceModels.findOwned(request.userId, voice_model_id!);
        if (!model) throw notFound('Voice model not found');
        if (model.status !== 'ready') throw conflict('voice_model_not_ready', 'The voice model is not ready yet.');
      }
      const abort = abortOnDisconnect(reply);
      const speakRequest = { voice: { voiceType: voice, voiceModelId: voice_model_id ?? null }, text, language, signal: abort, audience: 'owner' as const };
      if (request.query.stream === '1' || request.query.stream === 'true') {
        // A stream bypasses the response serializer; each line is a speech answer.
        return reply.type('application/x-ndjson').send((await speech.stream(speakRequest)) as never);
      }
      return speech.speak(speakRequest);
    },
  );
};
