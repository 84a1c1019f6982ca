import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@avatar-factory/speech';
import { recordedSentenceListSchema, voiceModelSchema } from '@avatar-factory/contracts';
import { multipartBody } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * What one user may keep and queue, each refused with a clear 409/429 naming the
 * limit. No workers run here, so queued work stays queued.
 */
const fixtures = path.resolve(import.meta.dirname, '../../../../../fixtures/faces');
type Auth = { authorization: string };

describe('per-user bounds', () => {
  let t: TestApp;
  let grace: Buffer;
  beforeAll(async () => {
    t = await createTestApp({
      MAX_ACTIVE_AVATARS_PER_USER: '2',
      MAX_VOICE_MODELS_PER_USER: '2',
      MAX_ACTIVE_TRAININGS_PER_USER: '1',
      MAX_CUSTOM_SENTENCES_PER_MODEL: '2',
    });
    grace = await fs.readFile(path.join(fixtures, 'grace_hopper.jpg'));
  });
  afterAll(() => t.close());

  const createAvatar = (auth: Auth, name: string) => {
    const body = multipartBody({ avatar_name: name, voice_type: 'female', enable_lipsync: 'true' }, { field: 'file', name: 'photo.jpg', type: 'image/jpeg', data: grace });
    return t.server.inject({ method: 'POST', url: '/api/avatars', payload: body.payload, headers: { ...body.headers, ...auth } });
  };
  const createModel = (auth: Auth, name: string) => t.server.inject({ method: 'POST', url: '/api/voice-models', headers: auth, payload: { name } });
  const uploadTake = (auth: Auth, modelId: string, sentenceId: string, audio: Buffer) => {
    const body = multipartBody({ text: 'こんにちは', sentence_id: sentenceId }, { field: 'audio_file', name: 'take.wav', type: 'audio/wav', data: audio });
    return t.server.inject({ method: 'POST', url: `/api/voice-models/${modelId}/sentences`, payload: body.payload, headers: { ...body.headers, ...auth } });
  };
  const oneSecond = () => encodeWav(Float32Array.from({ length: 16000 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / 16000)), 16000);

  it('avatars being generated: at most MAX_ACTIVE_AVATARS_PER_USER at once, per user', async () => {
    const alice = await t.signUp();
    expect((await createAvatar(alice, 'One')).statusCode).toBe(202);
    const second = await createAvatar(alice, 'Two');
    expect(second.statusCode).toBe(202);
    const third = await createAvatar(alice, 'Three');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: { code: 'too_many_tasks', message: expect.stringContaining('at most 2 can be at once') } });
    // Others are not held back by alice's queue.
    expect((await createAvatar(await t.signUp(), 'Three')).statusCode).toBe(202);
    // Once one of hers is gone, she may start another.
    expect((await t.server.inject({ method: 'DELETE', url: `/api/tasks/${second.json().taskId}`, headers: alice })).statusCode).toBe(204);
    expect((await createAvatar(alice, 'Three')).statusCode).toBe(202);
  });

  it('voice models: at most MAX_VOICE_MODELS_PER_USER kept', async () => {
    const bob = await t.signUp();
    const first = voiceModelSchema.parse((await createModel(bob, 'First')).json());
    expect((await createModel(bob, 'Second')).statusCode).toBe(201);
    const third = await createModel(bob, 'Third');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ detail: { code: 'voice_model_limit', message: expect.stringContaining('at most 2 voice models') } });
    expect((await t.server.inject({ method: 'DELETE', url: `/api/voice-models/${first.id}`, headers: bob })).statusCode).toBe(204);
    expect((await createModel(bob, 'Third')).statusCode).toBe(201);
  });

  it('trainings: at most MAX_ACTIVE_TRAININGS_PER_USER at once', async () => {
    const carol = await t.signUp();
    const training = voiceModelSchema.parse((await createModel(carol, 'Training')).json());
    const other = voiceModelSchema.parse((await createModel(carol, 'Other')).json());
    await t.repositories.voiceModels.update(training.id, { status: 'training' });
    const refused = await t.server.inject({ method: 'POST', url: `/api/voice-models/${other.id}/train`, headers: carol });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: { code: 'too_many_tasks', message: expect.stringContaining('At most 1 voice model can train at once') } });
  });

  it('takes: any suggested sentence, but at most MAX_CUSTOM_SENTENCES_PER_MODEL sentences of the user\'s own', async () => {
    const dave = await t.signUp();
    const model = voiceModelSchema.parse((await createModel(dave, 'Takes')).json());
    const audio = oneSecond();
    expect((await uploadTake(dave, model.id, 'my-1', audio)).statusCode).toBe(202);
    expect((await uploadTake(dave, model.id, 'my-2', audio)).statusCode).toBe(202);
    const third = await uploadTake(dave, model.id, 'my-3', audio);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ detail: { code: 'too_many_sentences', message: expect.stringContaining('at most 2 sentences of your own') } });
    // Recording one of them again, or a suggested sentence, is fine.
    expect((await uploadTake(dave, model.id, 'my-1', audio)).statusCode).toBe(202);
    expect((await uploadTake(dave, model.id, 'ja-005', audio)).statusCode).toBe(202);
    const takes = recordedSentenceListSchema.parse((await t.server.inject({ method: 'GET', url: `/api/voice-models/${model.id}/sentences`, headers: dave })).json());
    expect(takes.map((take) => take.sentence_id).sort()).toEqual(['ja-005', 'my-1', 'my-2']);
  });

  it('refuses a WAV whose header declares more than the longest take, storing nothing', async () => {
    const erin = await t.signUp();
    const model = voiceModelSchema.parse((await createModel(erin, 'Header')).json());
    const wav = oneSecond();
    wav.writeUInt32LE(16000 * 2 * 3600, 40); // the data chunk of a 44-byte header: one hour
    const res = await uploadTake(erin, model.id, 'ja-001', wav);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: { code: 'audio_too_long', message: expect.stringContaining('3600.0 s; the limit is 30 s') } });
    const takes = recordedSentenceListSchema.parse((await t.server.inject({ method: 'GET', url: `/api/voice-models/${model.id}/sentences`, headers: erin })).json());
    expect(takes).toEqual([]);
  });
});
