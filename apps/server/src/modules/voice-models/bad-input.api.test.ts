import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedSentenceListSchema, recordedSentenceSchema, voiceModelListSchema, voiceModelSchema } from '@avatar-factory/contracts';
import { encodeWav } from '@avatar-factory/speech';
import { jobHandlers } from '../../jobs/handlers';
import { startWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { expectError, expectHealthy } from '../../testing/expect-error';
import { multipartBody } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Auth = { authorization: string };
const json = { 'content-type': 'application/json' };
const silent = { info() {}, warn() {}, error() {} };
const unknownId = '00000000-0000-4000-8000-000000000000';

describe('voice model routes under bad input: a clear 4xx, never a 500, no take lost or half-stored', () => {
  let t: TestApp;
  let pool: WorkerPool;
  let alice: Auth;
  let bob: Auth;
  let modelId: string;
  let wav: Buffer;

  const createModel = (payload: string, auth: Auth = alice) => t.server.inject({ method: 'POST', url: '/api/voice-models', payload, headers: { ...json, ...auth } });
  const uploadTake = (fields: Record<string, string>, audio?: { data: Buffer; field?: string; name?: string }, id = modelId, auth: Auth = alice) => {
    const body = multipartBody(fields, audio && { field: audio.field ?? 'audio_file', name: audio.name ?? 'take.wav', type: 'audio/wav', data: audio.data });
    return t.server.inject({ method: 'POST', url: `/api/voice-models/${id}/sentences`, payload: body.payload, headers: { ...body.headers, ...auth } });
  };
  const takes = async () => recordedSentenceListSchema.parse((await t.server.inject({ method: 'GET', url: `/api/voice-models/${modelId}/sentences`, headers: alice })).json());
  const routesOf = (id: string) =>
    [
      ['DELETE', `/api/voice-models/${id}`],
      ['POST', `/api/voice-models/${id}/train`],
      ['POST', `/api/voice-models/${id}/cancel`],
      ['GET', `/api/voice-models/${id}/status`],
      ['GET', `/api/voice-models/${id}/sentences`],
    ] as const;

  beforeAll(async () => {
    t = await createTestApp();
    pool = startWorkerPool({ queue: t.queue, handlers: jobHandlers(t), logger: silent, pollMs: 50 });
    alice = await t.signUp();
    bob = await t.signUp();
    modelId = voiceModelSchema.parse((await createModel(JSON.stringify({ name: 'Takes' }))).json()).id;
    wav = encodeWav(new Float32Array(16000), 16000);
  });
  afterAll(async () => {
    await pool.stop();
    await t.close();
  });

  it('refuses bad model bodies with 400/422; NUL or a lone surrogate in the name is a 422 (NUL was a 500)', async () => {
    expectError(await createModel('{"name":'), 400, 'invalid_json');
    expectError(await createModel('[]'), 422, 'validation_error');
    expectError(await createModel(JSON.stringify({ name: 'a\u0000b' })), 422, 'validation_error');
    // A lone surrogate would have been stored as U+FFFD: the name silently changed.
    const surrogate = expectError(await createModel('{"name":"a\\ud800b"}'), 422, 'validation_error');
    expect(surrogate.detail).toMatchObject({ errors: [{ field: 'body.name' }] });
    expectError(await createModel(JSON.stringify({ name: 'x'.repeat(10_000) })), 422, 'validation_error');
    expectError(await createModel(JSON.stringify({ name: 5 })), 422, 'validation_error');
    expectError(await createModel(JSON.stringify({ name: 'x', is_public: 'yes' })), 422, 'validation_error');
    expectError(await createModel(JSON.stringify({ name: 'x', language: 'xx' })), 422, 'validation_error');
    const multipart = multipartBody({ name: 'Multipart' });
    expectError(await t.server.inject({ method: 'POST', url: '/api/voice-models', ...multipart, headers: { ...multipart.headers, ...alice } }), 422, 'validation_error');
    const names = voiceModelListSchema.parse((await t.server.inject({ method: 'GET', url: '/api/voice-models', headers: alice })).json()).map((m) => m.name);
    expect(names).toEqual(['Takes']);
  });

  it('keeps odd but valid names exactly and ignores unknown fields', async () => {
    const odd = '\u202E声\u200Fモデル\u{1F3A4}';
    const created = await createModel(JSON.stringify({ name: ` ${odd} `, unknown: { nested: true } }));
    expect(created.statusCode).toBe(201);
    const model = voiceModelSchema.parse(created.json());
    expect(model.name).toBe(odd);
    expect((await t.server.inject({ method: 'DELETE', url: `/api/voice-models/${model.id}`, headers: alice })).statusCode).toBe(204);
  });

  it('refuses a take that is not multipart (415) or not a readable multipart body (400 invalid_multipart)', async () => {
    const url = `/api/voice-models/${modelId}/sentences`;
    expectError(await t.server.inject({ method: 'POST', url, payload: { text: 'x', sentence_id: 'x' }, headers: alice }), 415, 'unsupported_media_type');
    expectError(await t.server.inject({ method: 'POST', url, headers: alice }), 415, 'unsupported_media_type');
    // These were 500s.
    expectError(await t.server.inject({ method: 'POST', url, payload: 'abc', headers: { 'content-type': 'multipart/form-data', ...alice } }), 400, 'invalid_multipart');
    const body = multipartBody({ text: 'テスト', sentence_id: 'cut' }, { field: 'audio_file', name: 'take.wav', type: 'audio/wav', data: wav });
    for (const cut of [body.payload.length - 2000, 60]) {
      expectError(await t.server.inject({ method: 'POST', url, payload: body.payload.subarray(0, cut), headers: { ...body.headers, ...alice } }), 400, 'invalid_multipart');
    }
    await expectHealthy(t);
  });

  it('refuses two files, a wrong file field, too many fields and files over 20 MB', async () => {
    const twoFiles = multipartBody({ text: 'テスト', sentence_id: 'two' }, [{ field: 'audio_file', name: 'a.wav', type: 'audio/wav', data: wav }, { field: 'audio_file', name: 'b.wav', type: 'audio/wav', data: wav }]);
    const url = `/api/voice-models/${modelId}/sentences`;
    expectError(await t.server.inject({ method: 'POST', url, payload: twoFiles.payload, headers: { ...twoFiles.headers, ...alice } }), 413, 'too_many_files');
    const wrongField = expectError(await uploadTake({ text: 'テスト', sentence_id: 'wf' }, { data: wav, field: 'file' }), 422, 'validation_error');
    expect(wrongField.detail).toMatchObject({ errors: [{ field: 'audio_file' }] });
    expectError(await uploadTake({ text: 'テスト', sentence_id: 'big' }, { data: Buffer.alloc(25 * 1024 * 1024), field: 'file' }), 413, 'file_too_large');
    expectError(await uploadTake({ text: 'テスト', sentence_id: 'big' }, { data: Buffer.alloc(25 * 1024 * 1024) }), 413, 'file_too_large');
    const manyFields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'v']));
    expectError(await uploadTake(manyFields, { data: wav }), 413, 'too_many_fields');
  });

  it('names bad text fields; NUL in the text or sentence_id is a 422 (was a 500 from the database)', async () => {
    expectError(await uploadTake({ text: 'テ\u0000スト', sentence_id: 'nul' }, { data: wav }), 422, 'validation_error');
    expectError(await uploadTake({ text: 'テスト', sentence_id: 'a\u0000b' }, { data: wav }), 422, 'validation_error');
    expectError(await uploadTake({ text: 'あ'.repeat(10_000), sentence_id: 'long' }, { data: wav }), 422, 'validation_error');
    expectError(await uploadTake({ text: 'テスト', sentence_id: 'x'.repeat(65) }, { data: wav }), 422, 'validation_error');
    expectError(await uploadTake({ sentence_id: 'x' }, { data: wav }), 422, 'validation_error');
    expectError(await uploadTake({ text: 'テスト', sentence_id: 'x' }), 422, 'validation_error');
  });

  it('refuses WAVs that are not WAVs, hold no samples or lie in their header with 422 invalid_audio', async () => {
    const patched = (offset: number, value: number, bytes: 2 | 4) => {
      const copy = Buffer.from(wav);
      if (bytes === 2) copy.writeUInt16LE(value, offset);
      else copy.writeUInt32LE(value, offset);
      return copy;
    };
    const bad = {
      'not a WAV': Buffer.from('definitely not audio'),
      'RIFF header only': Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'),
      'valid header, no data': wav.subarray(0, 44),
      '0 channels': patched(22, 0, 2),
      '65535 channels': patched(22, 65535, 2),
      '7-bit samples': patched(34, 7, 2),
      'MP3 format tag': patched(20, 0x55, 2),
      'sample rate 1 Hz': patched(24, 1, 4),
      'one stray byte': Buffer.concat([wav, Buffer.from([1])]),
    };
    for (const [what, data] of Object.entries(bad)) {
      const res = await uploadTake({ text: 'テスト', sentence_id: 'bad' }, { data });
      expect(res.statusCode, what).toBe(422);
      expectError(res, 422, 'invalid_audio');
    }
    expectError(await uploadTake({ text: 'テスト', sentence_id: 'long' }, { data: encodeWav(new Float32Array(16000 * 31), 16000) }), 422, 'audio_too_long');
    expect(await takes()).toEqual([]);
  });

  it('a WAV whose header claims a 4 GB data chunk is refused as too long before it is decoded', async () => {
    const liar = Buffer.concat([wav.subarray(0, 44), Buffer.alloc(1000)]);
    liar.writeUInt32LE(0xfffffff0, 4);
    liar.writeUInt32LE(0xfffffff0, 40);
    expectError(await uploadTake({ text: 'テスト', sentence_id: 'liar' }, { data: liar, name: '../../../../jwt-secret' }), 422, 'audio_too_long');
    expect((await takes()).find((row) => row.sentence_id === 'liar')).toBeUndefined();
  });

  it("answers 404 for model ids that are malformed, unknown, another user's or deleted, on every route", async () => {
    const deleted = voiceModelSchema.parse((await createModel(JSON.stringify({ name: 'Gone' }))).json()).id;
    expect((await t.server.inject({ method: 'DELETE', url: `/api/voice-models/${deleted}`, headers: alice })).statusCode).toBe(204);
    for (const id of ['not-a-uuid', unknownId, '%00', '..%2F..%2Fjwt-secret', 'x'.repeat(300), deleted]) {
      for (const [method, url] of routesOf(id)) expectError(await t.server.inject({ method, url, headers: alice }), 404);
      expectError(await uploadTake({ text: 'テスト', sentence_id: 'x' }, { data: wav }, id), 404);
    }
    for (const [method, url] of routesOf(modelId)) expectError(await t.server.inject({ method, url, headers: bob }), 404);
    expectError(await uploadTake({ text: 'テスト', sentence_id: 'x' }, { data: wav }, modelId, bob), 404);
  });

  it('treats query arrays and bad values as 422 and ignores unknown query keys', async () => {
    const suggested = (query: string) => t.server.inject({ method: 'GET', url: `/api/voice-sentences/suggested-texts${query}`, headers: alice });
    expectError(await suggested('?lang=en&lang=ja'), 422, 'validation_error');
    expectError(await suggested('?lang=xx'), 422, 'validation_error');
    expectError(await suggested('?lang=%00'), 422, 'validation_error');
    expect((await suggested('?unknown=1&__proto__=x')).statusCode).toBe(200);
    expect((await t.server.inject({ method: 'GET', url: '/api/voice-training/config?x=1&x=2', headers: alice })).statusCode).toBe(200);
  });

  it('is healthy afterwards and the next valid take is accepted', async () => {
    await expectHealthy(t);
    const res = await uploadTake({ text: 'テスト', sentence_id: 'after' }, { data: wav });
    expect(res.statusCode).toBe(202);
    expect(recordedSentenceSchema.parse(res.json())).toMatchObject({ sentence_id: 'after', status: 'processing' });
  });
});
