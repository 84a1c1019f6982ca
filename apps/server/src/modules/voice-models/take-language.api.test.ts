import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedSentenceListSchema, voiceModelSchema, voiceModelStatusResponseSchema } from '@avatar-factory/contracts';
import { suggestedSentences } from '@avatar-factory/voice-check';
import { jobHandlers } from '../../jobs/handlers';
import { startWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { multipartBody } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const silent = { info() {}, warn() {}, error() {} };
const speech = path.resolve(import.meta.dirname, '../../../../../fixtures/speech');

/**
 * Real English recordings (fixtures/speech, their transcripts in its README), none of them a
 * suggested sentence: a person's own sentences, sent with the text they read.
 */
const englishTakes = [
  { file: 'pocketsphinx_librivox_0870.wav', id: 'dashwood-1', text: 'and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them' },
  { file: 'pocketsphinx_librivox_0920.wav', id: 'dashwood-2', text: 'had he married a more a amiable woman he might have been made still more respectable than he was' },
  { file: 'pocketsphinx_cards_005.wav', id: 'cards', text: 'eight of spades four of clubs seven of hearts' },
];

describe('a take is checked against the text the person read, in its own language', () => {
  let t: TestApp;
  let pool: WorkerPool;
  let alice: { authorization: string };

  const upload = (modelId: string, take: { file: string; id: string; text: string }) =>
    fs.readFile(path.join(speech, take.file)).then((audio) => {
      const body = multipartBody({ text: take.text, sentence_id: take.id }, { field: 'audio_file', name: 'take.wav', type: 'audio/wav', data: audio });
      return t.server.inject({ method: 'POST', url: `/api/voice-models/${modelId}/sentences`, payload: body.payload, headers: { ...body.headers, ...alice } });
    });
  const settled = (modelId: string, count: number) =>
    waitFor('takes to settle', async () => {
      const rows = recordedSentenceListSchema.parse((await t.server.inject({ method: 'GET', url: `/api/voice-models/${modelId}/sentences`, headers: alice })).json());
      return rows.length === count && rows.every((row) => row.status !== 'processing') && rows;
    }, 120_000, 100);
  const model = async (modelId: string) =>
    voiceModelSchema.parse((await t.server.inject({ method: 'GET', url: '/api/voice-models', headers: alice })).json().find((m: { id: string }) => m.id === modelId));
  /** The spec's create call: name and is_public, no language. */
  const createModel = async (name: string) =>
    voiceModelSchema.parse((await t.server.inject({ method: 'POST', url: '/api/voice-models', headers: alice, payload: { name, is_public: false } })).json());

  beforeAll(async () => {
    t = await createTestApp({ VOICE_MIN_RECORDINGS: '3' });
    pool = startWorkerPool({ queue: t.queue, handlers: jobHandlers(t), logger: silent, pollMs: 50 });
    alice = await t.signUp();
  });
  afterAll(async () => {
    await pool.stop();
    await t.close();
  });

  it('the texts are not suggested sentences', () => {
    const suggested = new Set([...suggestedSentences('en'), ...suggestedSentences('ja')].map((s) => s.text.toLowerCase()));
    for (const take of englishTakes) expect(suggested.has(take.text)).toBe(false);
  });

  it('a model made by the spec call takes the language of its first take: English takes of own texts pass and train', async () => {
    const created = await createModel('My English voice');
    for (const take of englishTakes) {
      const res = await upload(created.id, take);
      expect(res.statusCode, res.body).toBe(202);
      // The stored text is the text that was sent (and the one the take is checked against).
      expect(res.json()).toMatchObject({ sentence_id: take.id, text: take.text, status: 'processing' });
    }
    const rows = await settled(created.id, englishTakes.length);
    expect(rows.map((row) => [row.sentence_id, row.status, row.error_message])).toEqual(englishTakes.map((take) => [take.id, 'ready', null]));
    expect((await model(created.id)).metadata).toMatchObject({ language: 'en', sentence_count: 3 });

    const started = await t.server.inject({ method: 'POST', url: `/api/voice-models/${created.id}/train`, headers: alice });
    expect(started.statusCode, started.body).toBe(202);
    const done = await waitFor('training', async () => {
      const status = voiceModelStatusResponseSchema.parse((await t.server.inject({ method: 'GET', url: `/api/voice-models/${created.id}/status`, headers: alice })).json());
      return status.status !== 'training' && status;
    }, 240_000, 200);
    expect(done).toMatchObject({ status: 'ready', progress: 100, metadata: { language: 'en', sentence_count: 3 } });
  }, 400_000);

  it('a take in another language than its model fails with a reason that says so', async () => {
    const japanese = suggestedSentences('ja')[0]!;
    const created = await createModel('Mixed');
    const jaSpoken = await t.engines.speech.synthesize({ text: japanese.text, voice: 'male', language: 'ja' });
    const { encodeWav } = await import('@avatar-factory/speech');
    const body = multipartBody({ text: japanese.text, sentence_id: japanese.id }, { field: 'audio_file', name: 'take.wav', type: 'audio/wav', data: encodeWav(jaSpoken.samples, jaSpoken.sampleRate) });
    expect((await t.server.inject({ method: 'POST', url: `/api/voice-models/${created.id}/sentences`, payload: body.payload, headers: { ...body.headers, ...alice } })).statusCode).toBe(202);
    expect((await model(created.id)).metadata.language).toBe('ja');
    expect((await upload(created.id, englishTakes[2]!)).statusCode).toBe(202);
    const rows = await settled(created.id, 2);
    const english = rows.find((row) => row.sentence_id === 'cards')!;
    expect(english.status).toBe('failed');
    expect(english.error_message).toMatch(/English/);
    expect(english.error_message).toMatch(/Japanese/);
    expect(rows.find((row) => row.sentence_id === japanese.id)!.status).toBe('ready');
    expect((await model(created.id)).metadata.language).toBe('ja');
  }, 200_000);
});
