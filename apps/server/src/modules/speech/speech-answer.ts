import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SpeakRequest, SpeechService } from './speech.service';

/** `?stream=1` (or `true`) asks for the answer sentence by sentence. */
export const speechQuerySchema = z.object({ stream: z.enum(['0', '1', 'true', 'false']).optional() });

/**
 * Answers a speak request with one speech answer, or, when the query asks for a stream, as NDJSON:
 * one speech answer per line, first sentence first, so a listener hears the start while the rest
 * is still being made.
 */
export async function answerSpeech(reply: FastifyReply, speech: SpeechService, request: SpeakRequest, query: z.infer<typeof speechQuerySchema>) {
  if (query.stream === '1' || query.stream === 'true') {
    // A stream bypasses the response serializer; each line is a speech answer.
    return reply.type('application/x-ndjson').send(await speech.stream(request));
  }
  return speech.speak(request);
}
