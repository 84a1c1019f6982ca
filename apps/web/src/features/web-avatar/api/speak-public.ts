import { apiRoute, speechResponseSchema, type PublicSpeakRequest, type SpeechResponse } from '@avatar-factory/contracts';
import { parseApiError } from '../../../lib/api-error';
import { apiBaseUrl } from '../../../lib/env';

/** The public page sends no token: it is a visitor's page, whoever opens it. */
async function post(publicId: string, body: PublicSpeakRequest, signal?: AbortSignal): Promise<Response> {
  const target = apiRoute('publicSpeak', { publicId });
  const response = await fetch(`${apiBaseUrl}${target.path}?stream=1`, {
    method: target.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      // not JSON: parseApiError still gives a readable message
    }
    throw parseApiError(response.status, json, response.headers.get('Retry-After'));
  }
  return response;
}

/**
 * POST /public/avatars/{publicId}/speak?stream=1: NDJSON, one speech answer per sentence, yielded
 * as each line arrives so the first sentence can play while the next ones are made.
 */
export async function* streamPublicSpeech(publicId: string, body: PublicSpeakRequest, signal?: AbortSignal): AsyncGenerator<SpeechResponse> {
  const response = await post(publicId, body, signal);
  if (!response.body) {
    for (const line of (await response.text()).split('\n')) if (line.trim()) yield speechResponseSchema.parse(JSON.parse(line));
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) yield speechResponseSchema.parse(JSON.parse(line));
      newline = buffered.indexOf('\n');
    }
    if (done) break;
  }
  if (buffered.trim()) yield speechResponseSchema.parse(JSON.parse(buffered));
}
