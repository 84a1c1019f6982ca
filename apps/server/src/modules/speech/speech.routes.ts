import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { speechPreviewRequestSchema, speechResponseSchema } from '@avatar-factory/contracts';
import { abortOnDisconnect } from '../../http/abort-on-disconnect';
import type { RequestBudget } from '../../http/request-budget';
import { answerSpeech, speechQuerySchema } from './speech-answer';
import type { SpeechService } from './speech.service';

/** POST /api/speech/preview: hear any of the caller's voices say a text. */
export const speechRoutes: FastifyPluginAsyncZod<{ speech: SpeechService; userSpeechBudget: RequestBudget }> = async (app, { speech, userSpeechBudget }) => {
  app.post(
    '/speech/preview',
    { onRequest: app.authenticate, preHandler: userSpeechBudget, schema: { body: speechPreviewRequestSchema, querystring: speechQuerySchema, response: { 200: speechResponseSchema } } },
    async (request, reply) => {
      const { text, voice, voice_model_id, language } = request.body;
      const speakRequest = {
        voice: { voiceType: voice, voiceModelId: voice_model_id ?? null },
        text,
        language,
        signal: abortOnDisconnect(reply),
        audience: 'owner' as const,
        chosenBy: request.userId,
      };
      return answerSpeech(reply, speech, speakRequest, request.query);
    },
  );
};
