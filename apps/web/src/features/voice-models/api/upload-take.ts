import { apiRoute, recordedSentenceSchema, type RecordedSentence } from '@avatar-factory/contracts';
import { apiRequest } from '../../../lib/api-client';

export type UploadTakeInput = { modelId: string; sentenceId: string; text: string; audio: Blob };

/** POST /api/voice-models/{id}/sentences multipart (audio_file WAV, text, sentence_id): 202 'processing'. */
export function uploadTake({ modelId, sentenceId, text, audio }: UploadTakeInput): Promise<RecordedSentence> {
  const form = new FormData();
  form.append('text', text);
  form.append('sentence_id', sentenceId);
  form.append('audio_file', audio, `${sentenceId}.wav`);
  return apiRequest(apiRoute('uploadTake', { id: modelId }), {
    body: { kind: 'multipart', value: form },
    schema: recordedSentenceSchema,
  });
}
