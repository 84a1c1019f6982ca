import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelResponseSchema,
  createVoiceModelRequestSchema,
  errorCodes,
  recordedSentenceListSchema,
  recordedSentenceSchema,
  suggestedTextsResponseSchema,
  takeLimits,
  trainingConfigSchema,
  trainResponseSchema,
  uploadSentenceFieldsSchema,
  voiceModelListSchema,
  voiceModelSchema,
  voiceModelStatusResponseSchema,
  type TrainingConfig,
} from '@avatar-factory/contracts';
import { suggestedSentences } from '@avatar-factory/voice-check';
import { invalidFields, unprocessable } from '../../http/app-error';
import { readMultipart } from '../../http/read-multipart';
import type { VoiceModelsService } from './voice-models.service';

/** Any segment: an id that is not one of the caller's models is a 404 (see the repository). */
const idParams = z.object({ id: z.string() });
const langQuery = z.object({ lang: z.enum(['ja', 'en']).default('ja') });

export const voiceModelsRoutes: FastifyPluginAsyncZod<{ voiceModels: VoiceModelsService; config: () => TrainingConfig }> = async (app, { voiceModels, config }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/voice-training/config', { schema: { response: { 200: trainingConfigSchema } } }, () => config());

  app.get('/voice-sentences/suggested-texts', { schema: { querystring: langQuery, response: { 200: suggestedTextsResponseSchema } } }, (request) => ({
    sentences: suggestedSentences(request.query.lang),
  }));

  app.get('/voice-models', { schema: { response: { 200: voiceModelListSchema } } }, (request) => voiceModels.list(request.userId));

  app.post('/voice-models', { schema: { body: createVoiceModelRequestSchema, response: { 201: voiceModelSchema } } }, async (request, reply) =>
    reply.status(201).send(await voiceModels.create(request.userId, request.body)),
  );

  app.delete('/voice-models/:id', { schema: { params: idParams } }, async (request, reply) => {
    await voiceModels.remove(request.userId, request.params.id);
    return reply.status(204).send();
  });

  app.post('/voice-models/:id/train', { schema: { params: idParams, response: { 202: trainResponseSchema } } }, async (request, reply) =>
    reply.status(202).send(await voiceModels.train(request.userId, request.params.id)),
  );

  app.post('/voice-models/:id/cancel', { schema: { params: idParams, response: { 200: cancelResponseSchema } } }, (request) =>
    voiceModels.cancel(request.userId, request.params.id),
  );

  app.get('/voice-models/:id/status', { schema: { params: idParams, response: { 200: voiceModelStatusResponseSchema } } }, (request) =>
    voiceModels.status(request.userId, request.params.id),
  );

  app.get('/voice-models/:id/sentences', { schema: { params: idParams, response: { 200: recordedSentenceListSchema } } }, (request) =>
    voiceModels.sentences(request.userId, request.params.id),
  );

  app.post('/voice-models/:id/sentences', { schema: { params: idParams, response: { 202: recordedSentenceSchema } } }, async (request, reply) => {
    const { fields, file: audio } = await readMultipart(request, { fileField: 'audio_file', maxBytes: takeLimits.maxBytes });
    const parsed = uploadSentenceFieldsSchema.safeParse(fields);
    if (!parsed.success) throw invalidFields('Invalid recording upload', parsed.error);
    if (!audio?.length) throw unprocessable(errorCodes.validation, 'An audio file is required', [{ field: 'audio_file', message: 'Required' }]);
    const row = await voiceModels.record(request.userId, request.params.id, { text: parsed.data.text, sentenceId: parsed.data.sentence_id, audio });
    return reply.status(202).send(row);
  });
};
