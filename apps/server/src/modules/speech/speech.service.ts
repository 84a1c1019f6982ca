import { Readable } from 'node:stream';
import type { SpeechResponse } from '@avatar-factory/contracts';
import { isSpeechError, type LanguageOption, type SpeechEngine, type SynthesizeInput } from '@avatar-factory/speech';
import { toSpeechResponse } from '../../engines/speech-output';
import { AppError } from '../../http/app-error';
import { requireReadyVoiceModel } from '../voice-models/ready-voice-model';
import type { VoiceModelsRepository } from '../voice-models/voice-models.repository';
import type { VoiceChoice, VoiceResolver } from './voice-resolver';

/** Speech engine failures as API errors: the caller's text is the problem (422) or we are busy (503). */
export function toSpeechApiError(error: unknown): unknown {
  if (!isSpeechError(error)) return error;
  switch (error.code) {
    case 'empty_text':
    case 'no_speakable_text':
    case 'text_too_long':
      return new AppError(422, { code: error.code, message: error.message });
    case 'busy':
      return new AppError(503, { code: 'speech_busy', message: 'The speech engine is busy. Please try again in a moment.' }, { 'Retry-After': '2' });
    default:
      return error;
  }
}

export interface SpeakRequest {
  voice: VoiceChoice;
  text: string;
  language: LanguageOption;
  signal?: AbortSignal;
  /** Who asks: a signed-in owner, or a visitor of a public page (a lower priority, tighter limits). */
  audience: 'owner' | 'public';
  /**
   * The signed-in user who picked this voice by hand (a preview): a personal voice must then be
   * their own and ready, or the request is refused. Without it, a voice an avatar was given that
   * cannot speak falls back to the avatar's default voice.
   */
  chosenBy?: string;
}

export interface SpeechCostLimits {
  /** Engine processes one request may start. */
  maxEngineCalls: number;
  /** Seconds of audio one request may produce, by audience. */
  maxOutputSeconds: Record<SpeakRequest['audience'], number>;
}

export function createSpeechService(deps: { engine: SpeechEngine; voices: VoiceResolver; voiceModels: Pick<VoiceModelsRepository, 'findOwned'>; limits: SpeechCostLimits }) {
  const resolveVoice = async (request: SpeakRequest) => {
    const { voiceType, voiceModelId } = request.voice;
    if (request.chosenBy && voiceType === 'custom') await requireReadyVoiceModel(deps.voiceModels, request.chosenBy, voiceModelId ?? '');
    return deps.voices.resolve(request.voice);
  };
  const costOf = (request: SpeakRequest): Pick<SynthesizeInput, 'priority' | 'limits'> => ({
    priority: request.audience,
    limits: { maxEngineCalls: deps.limits.maxEngineCalls, maxOutputMs: deps.limits.maxOutputSeconds[request.audience] * 1000 },
  });
  return {
    async speak(request: SpeakRequest): Promise<SpeechResponse> {
      try {
        const voice = await resolveVoice(request);
        return toSpeechResponse(await deps.engine.synthesize({ text: request.text, voice, language: request.language, signal: request.signal, ...costOf(request) }));
      } catch (error) {
        throw toSpeechApiError(error);
      }
    },

    /**
     * Sentence by sentence as NDJSON (one speech answer per line, first sentence first), so a
     * listener hears the start while the rest is still being made.
     */
    async stream(request: SpeakRequest): Promise<Readable> {
      const voice = await resolveVoice(request);
      const sentences = deps.engine.synthesizeSentences({ text: request.text, voice, language: request.language, signal: request.signal, ...costOf(request) });
      // Pull the first sentence before answering, so bad text is still a clean 4xx, not a broken stream.
      let first: IteratorResult<Awaited<ReturnType<typeof sentences.next>>['value']>;
      try {
        first = await sentences.next();
      } catch (error) {
        throw toSpeechApiError(error);
      }
      async function* lines() {
        if (!first.done && first.value) yield `${JSON.stringify(toSpeechResponse(first.value))}\n`;
        try {
          for await (const result of sentences) yield `${JSON.stringify(toSpeechResponse(result))}\n`;
        } catch (error) {
          const apiError = toSpeechApiError(error);
          yield `${JSON.stringify({ detail: apiError instanceof AppError ? apiError.detail : 'Speech failed' })}\n`;
        }
      }
      return Readable.from(lines());
    },
  };
}
export type SpeechService = ReturnType<typeof createSpeechService>;
