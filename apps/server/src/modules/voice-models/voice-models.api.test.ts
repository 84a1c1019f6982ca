import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordedSentenceListSchema,
  recordedSentenceSchema,
  speechResponseSchema,
  suggestedTextsResponseSchema,
  trainingConfigSchema,
  voiceModelSchema,
  voiceModelStatusResponseSchema,
  type RecordedSentence,
} from '@avatar-factory/contracts';
import { encodeWav } from '@avatar-factory/speech';
import { jobHandlers } from '../../jobs/handlers';
import { startWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { multipartBody } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { FACE_TRAINING_MESSAGE } from './voice-models.service';

const silent = { info() {}, warn() {}, error() {} };
const fixtures = path.resolve(import.meta.dirname, '../../../../../fixtures/faces');

describe('voice models API', () => {
  let t: TestApp;
  let pool: WorkerPool;
  let alice: { authorization: string };
  let bob: { authorization: string };
  let sentences: { id: string; text: string }[];

  /** A 'speaker' for the tests: the male default voice, a little faster, saying the sentence. */
  const speakerTake = async (text: string) => {
    const spoken = await t.engines.speech.synthesize({ text, voice: 'male', language: 'ja' });
    return encodeWav(spoken.samples, spoken.sampleRate);
  };
  const uploadTake = (modelId: string, fields: Record<string, string>, audio?: Buffer, auth = alice) => {
    const body = multipartBody(fields, audio && { field: 'audio_file', name: 'take.wav', type: 'audio/wav', data: audio });
    return t.server.inject({ method: 'POST', url: `/api/voice-models/${modelId}/sentences`, payload: body.payload, headers: { ...body.headers, ...auth } });
  };
  const takes = async (modelId: string) =>
    recordedSentenceListSchema.parse((await t.server.inject({ method: 'GET', url: `/api/voice-models/${modelId}/sentences`, headers: alice })).json());
  const settledTake = (modelId: string, id: string) =>
    waitFor(`take ${id}`, async () => {
      const take = (await takes(modelId)).find((row) => row.id === id);
      return take && take.status !== 'processing' && take;
    }, 60_000, 100);

  beforeAll(async () => {
    t = await createTestApp({ VOICE_MIN_RECORDINGS: '3', VOICE_REQUIRED_RECORDINGS: '4' });
    pool = startWorkerPool({ queue: t.queue, handlers: jobHandlers(t), logger: silent, pollMs: 50 });
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(async () => {
    await pool.stop();
    await t.close();
  });

  it('serves the training config and phonetically balanced suggested sentences', async () => {
    const config = trainingConfigSchema.parse((await t.server.inject({ method: 'GET', url: '/api/voice-training/config', headers: alice })).json());
    expect(config).toEqual({ minRecordings: 3, requiredRecordings: 4, progressThresholds: { poor: 30, medium: 70 } });
    const ja = suggestedTextsResponseSchema.parse((await t.server.inject({ method: 'GET', url: '/api/voice-sentences/suggested-texts', headers: alice })).json());
    const en = suggestedTextsResponseSchema.parse((await t.server.inject({ method: 'GET', url: '/api/voice-sentences/suggested-texts?lang=en', headers: alice })).json());
    expect(ja.sentences.length).toBeGreaterThanOrEqual(30);
    expect(ja.sentences[0]!.text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(en.sentences[0]!.text).toMatch(/^[A-Za-z]/);
    sentences = ja.sentences;
  });

  let modelId: string;
  let firstTake: RecordedSentence;

  it('creates a model in recording state, listed for its owner only', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/voice-models', headers: alice, payload: { name: '  My voice ', is_public: false } });
    expect(res.statusCode).toBe(201);
    const model = voiceModelSchema.parse(res.json());
    expect(model).toMatchObject({ name: 'My voice', is_public: false, status: 'recording', metadata: { sentence_count: 0, quality_score: null, language: 'ja' } });
    modelId = model.id;
    expect((await t.server.inject({ method: 'GET', url: '/api/voice-models', headers: bob })).json()).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/voice-models/${modelId}/status`],
      ['GET', `/api/voice-models/${modelId}/sentences`],
      ['POST', `/api/voice-models/${modelId}/train`],
      ['POST', `/api/voice-models/${modelId}/cancel`],
      ['DELETE', `/api/voice-models/${modelId}`],
    ] as const) {
      expect((await t.server.inject({ method, url, headers: bob })).statusCode, `${method} ${url}`).toBe(404);
    }
    const empty = await t.server.inject({ method: 'POST', url: '/api/voice-models', headers: alice, payload: { name: '   ', is_public: false } });
    expect(empty.statusCode).toBe(422);
  });

  it('checks each take: a good one becomes ready with a score, bad ones fail with a reason', async () => {
    const good = await uploadTake(modelId, { text: sentences[0]!.text, sentence_id: sentences[0]!.id }, await speakerTake(sentences[0]!.text));
    expect(good.statusCode).toBe(202);
    firstTake = recordedSentenceSchema.parse(good.json());
    expect(firstTake.status).toBe('processing');
    const silence = encodeWav(new Float32Array(16000 * 2), 16000);
    const bad = await uploadTake(modelId, { text: sentences[1]!.text, sentence_id: sentences[1]!.id }, silence);
    expect(bad.statusCode).toBe(202);

    const ready = await settledTake(modelId, firstTake.id);
    expect(ready.status).toBe('ready');
    expect(ready.quality_score).toBeGreaterThan(0);
    const failed = await settledTake(modelId, bad.json().id);
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toMatch(/speech|quiet/i);
  });

  it('re-recording a sentence replaces its take', async () => {
    const again = await uploadTake(modelId, { text: sentences[1]!.text, sentence_id: sentences[1]!.id }, await speakerTake(sentences[1]!.text));
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ status: 'processing', error_message: null });
    const settled = await settledTake(modelId, again.json().id);
    expect(settled.status).toBe('ready');
    expect((await takes(modelId)).filter((row) => row.sentence_id === sentences[1]!.id)).toHaveLength(1);
  });

  it('refuses uploads that are not a WAV or lack fields', async () => {
    const notWav = await uploadTake(modelId, { text: 'テスト', sentence_id: 'x' }, Buffer.from('definitely not audio'));
    expect(notWav.statusCode).toBe(422);
    expect(notWav.json()).toMatchObject({ detail: { code: 'invalid_audio' } });
    const tooLong = await uploadTake(modelId, { text: 'テスト', sentence_id: 'x' }, encodeWav(new Float32Array(16000 * 31), 16000));
    expect(tooLong.statusCode).toBe(422);
    const noText = await uploadTake(modelId, { sentence_id: 'x' }, encodeWav(new Float32Array(1600), 16000));
    expect(noText.statusCode).toBe(422);
  });

  it('needs minRecordings ready sentences before training', async () => {
    const res = await t.server.inject({ method: 'POST', url: `/api/voice-models/${modelId}/train`, headers: alice });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ detail: { code: 'not_enough_recordings' } });
  });

  it('trains to a ready model that speaks differently from its base voice, and cancel stops training', async () => {
    const third = await uploadTake(modelId, { text: sentences[2]!.text, sentence_id: sentences[2]!.id }, await speakerTake(sentences[2]!.text));
    expect((await settledTake(modelId, third.json().id)).status).toBe('ready');

    const started = await t.server.inject({ method: 'POST', url: `/api/voice-models/${modelId}/train`, headers: alice });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({ status: 'training' });
    const twice = await t.server.inject({ method: 'POST', url: `/api/voice-models/${modelId}/train`, headers: alice });
    expect(twice.json()).toMatchObject({ detail: { code: 'already_training' } });

    const trainingStartedAt = Date.now();
    const done = await waitFor('training', async () => {
      const status = voiceModelStatusResponseSchema.parse((await t.server.inject({ method: 'GET', url: `/api/voice-models/${modelId}/status`, headers: alice })).json());
      return status.status !== 'training' && status;
    }, 120_000, 250);
    expect(done).toMatchObject({ status: 'ready', progress: 100, metadata: { sentence_count: 3 } });
    const trainingMs = Date.now() - trainingStartedAt;

    const preview = await t.server.inject({ method: 'POST', url: '/api/speech/preview', headers: alice, payload: { text: 'こんにちは', voice: 'custom', voice_model_id: modelId } });
    expect(preview.statusCode).toBe(200);
    const base = await t.server.inject({ method: 'POST', url: '/api/speech/preview', headers: alice, payload: { text: 'こんにちは', voice: 'male' } });
    const custom = speechResponseSchema.parse(preview.json());
    expect(custom.audio).not.toBe(speechResponseSchema.parse(base.json()).audio);

    await t.server.inject({ method: 'POST', url: `/api/voice-models/${modelId}/train`, headers: alice });
    const cancelledAt = Date.now();
    const cancel = await t.server.inject({ method: 'POST', url: `/api/voice-models/${modelId}/cancel`, headers: alice });
    expect(cancel.json()).toEqual({ status: 'failed' });
    const row = await t.repositories.voiceModels.findById(modelId);
    await waitFor('training job to stop', async () => {
      const job = row?.trainingJobId ? await t.queue.get(row.trainingJobId) : undefined;
      return job && job.status !== 'running' && job.status !== 'queued';
    }, 5000);
    // Stopped, not finished: the job ends well before a whole training would have, and unfinished.
    // (Compared with this run's own training time, so a busy machine slows both alike.)
    expect(Date.now() - cancelledAt).toBeLessThan(Math.max(2500, trainingMs / 2));
    expect((await t.queue.get(row!.trainingJobId!))?.status).toBe('cancelled');
    expect(voiceModelSchema.parse((await t.server.inject({ method: 'GET', url: '/api/voice-models', headers: alice })).json()[0]).status).toBe('failed');
  }, 240_000);

  it('refuses to create or train while a face training runs, with the Japanese message', async () => {
    const user = await t.signUp();
    const me = (await t.server.inject({ method: 'GET', url: '/api/users/me', headers: user })).json();
    await t.repositories.avatars.insert({ userId: me.id, avatarName: 'busy', voiceType: 'female', photoKey: 'none' });
    const res = await t.server.inject({ method: 'POST', url: '/api/voice-models', headers: user, payload: { name: 'v', is_public: false } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: { code: 'face_training_in_progress', message: FACE_TRAINING_MESSAGE } });
  });

  it('deleting a model returns its avatars to their default voice', async () => {
    const me = (await t.server.inject({ method: 'GET', url: '/api/users/me', headers: alice })).json();
    const avatar = await t.repositories.avatars.insert({ userId: me.id, avatarName: 'speaker', voiceType: 'custom', voiceModelId: modelId, photoKey: 'none', status: 'completed' });
    const res = await t.server.inject({ method: 'DELETE', url: `/api/voice-models/${modelId}`, headers: alice });
    expect(res.statusCode).toBe(204);
    const after = await t.repositories.avatars.findById(avatar!.id);
    expect(after).toMatchObject({ voiceModelId: null, voiceType: 'male' });
    expect((await t.server.inject({ method: 'GET', url: `/api/voice-models/${modelId}/status`, headers: alice })).statusCode).toBe(404);
  });
});

describe('voice models: creation, concurrent takes and deletion against the contract', () => {
  let t: TestApp;
  let carol: { authorization: string };
  let dave: { authorization: string };
  beforeAll(async () => {
    // No workers: takes stay in processing and avatars in their task, which is all these need.
    t = await createTestApp();
    carol = await t.signUp();
    dave = await t.signUp();
  });
  afterAll(() => t.close());

  const createModel = async (auth: { authorization: string }, payload: Record<string, unknown>) => {
    const res = await t.server.inject({ method: 'POST', url: '/api/voice-models', headers: auth, payload });
    expect(res.statusCode).toBe(201);
    return voiceModelSchema.parse(res.json());
  };

  it('a new voice model is never public (is_public false), whatever the request says', async () => {
    const model = await createModel(carol, { name: 'Asked public', is_public: true });
    expect(model.is_public).toBe(false);
    const listed = voiceModelSchema.parse((await t.server.inject({ method: 'GET', url: '/api/voice-models', headers: carol })).json()[0]);
    expect(listed).toMatchObject({ id: model.id, is_public: false });
    // Nor is it visible to anyone else.
    expect((await t.server.inject({ method: 'GET', url: `/api/voice-models/${model.id}/status`, headers: dave })).statusCode).toBe(404);
  });

  it('takes of one sentence_id sent at the same moment all land on the same row (no 500)', async () => {
    const model = await createModel(carol, { name: 'Busy recorder', is_public: false });
    const audio = encodeWav(new Float32Array(16000), 16000);
    const upload = () => {
      const body = multipartBody({ text: 'こんにちは', sentence_id: 'ja-001' }, { field: 'audio_file', name: 'take.wav', type: 'audio/wav', data: audio });
      return t.server.inject({ method: 'POST', url: `/api/voice-models/${model.id}/sentences`, payload: body.payload, headers: { ...body.headers, ...carol } });
    };
    const answers = await Promise.all([upload(), upload(), upload(), upload()]);
    expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 202, 202]);
    const ids = new Set(answers.map((res) => recordedSentenceSchema.parse(res.json()).id));
    expect(ids.size).toBe(1);
    const rows = recordedSentenceListSchema.parse((await t.server.inject({ method: 'GET', url: `/api/voice-models/${model.id}/sentences`, headers: carol })).json());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sentence_id: 'ja-001', status: 'processing', error_message: null, quality_score: null });
  });

  it('deleting a model gives an avatar back the default voice it had before the model', async () => {
    const model = await createModel(carol, { name: 'To delete', is_public: false });
    // Training is not what this is about: the model is made ready as a finished training leaves it.
    await t.repositories.voiceModels.update(model.id, { status: 'ready', baseVoice: 'male', progress: 100 });

    const photo = await fs.readFile(path.join(fixtures, 'grace_hopper.jpg'));
    const body = multipartBody({ avatar_name: 'Was female', enable_lipsync: 'true', voice_type: 'female' }, { field: 'file', name: 'photo.jpg', type: 'image/jpeg', data: photo });
    const created = await t.server.inject({ method: 'POST', url: '/api/avatars', payload: body.payload, headers: { ...body.headers, ...carol } });
    expect(created.statusCode).toBe(202);
    const { taskId } = created.json();

    const applied = await t.server.inject({ method: 'POST', url: `/api/avatars/${taskId}/voice-model`, headers: carol, payload: { voice_model_id: model.id } });
    expect(applied.json()).toEqual({ voice_model_id: model.id, voice_type: 'custom' });

    expect((await t.server.inject({ method: 'DELETE', url: `/api/voice-models/${model.id}`, headers: carol })).statusCode).toBe(204);
    // Female, as chosen at creation - not the deleted model's base voice (male).
    const voice = await t.server.inject({ method: 'GET', url: `/api/avatars/${taskId}/voice-model`, headers: carol });
    expect(voice.json()).toEqual({ voice_model_id: null, voice_type: 'female' });
    const task = await t.server.inject({ method: 'GET', url: `/api/tasks/${taskId}`, headers: carol });
    expect(task.json()).toMatchObject({ voice_type: 'female', voice_model_id: null });
  });
});
