import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rig } from '@avatar-factory/avatar-rig';
import { avatarSchema, speechResponseSchema, taskListSchema, taskSchema, type Task } from '@avatar-factory/contracts';
import { listCorpusPhotos } from '@avatar-factory/face-analysis/corpus';
import { readWavInfo, SYNTHETIC_SPEECH_INFO } from '@avatar-factory/speech';
import { jobHandlers } from '../../jobs/handlers';
import { startWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { multipartBody } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const fixtures = path.resolve(import.meta.dirname, '../../../../../fixtures/faces');
const silent = { info() {}, warn() {}, error() {} };

describe('avatars, tasks, deploy and the public Web Avatar API', () => {
  let t: TestApp;
  let pool: WorkerPool;
  let alice: { authorization: string };
  let bob: { authorization: string };
  let grace: Buffer;

  const upload = (auth: { authorization: string }, fields: Record<string, string>, file?: { data: Buffer; name?: string; type?: string }) => {
    // enable_lipsync is required; the tests that are not about it send the default.
    const body = multipartBody({ enable_lipsync: 'true', ...fields }, file && { field: 'file', name: file.name ?? 'photo.jpg', type: file.type ?? 'image/jpeg', data: file.data });
    return t.server.inject({ method: 'POST', url: '/api/avatars', payload: body.payload, headers: { ...body.headers, ...auth } });
  };
  const getTask = async (auth: { authorization: string }, id: string): Promise<Task> =>
    taskSchema.parse((await t.server.inject({ method: 'GET', url: `/api/tasks/${id}`, headers: auth })).json());
  const settled = (auth: { authorization: string }, id: string) =>
    waitFor(`task ${id} to settle`, async () => {
      const task = await getTask(auth, id);
      return task.status !== 'processing' && task;
    }, 90_000, 200);

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://avatars.example.com', PUBLIC_RATE_LIMIT: '100' });
    pool = startWorkerPool({ queue: t.queue, handlers: jobHandlers(t), logger: silent, pollMs: 50 });
    alice = await t.signUp();
    bob = await t.signUp();
    grace = await fs.readFile(path.join(fixtures, 'grace_hopper.jpg'));
  });
  afterAll(async () => {
    await pool.stop();
    await t.close();
  });

  let completed: Task;

  it('generates an avatar from one photo through honest stages to a completed task with a portrait', async () => {
    const res = await upload(alice, { avatar_name: '  Grace  ', enable_lipsync: 'true', voice_type: 'female' }, { data: grace });
    expect(res.statusCode).toBe(202);
    const { taskId, avatarName } = res.json();
    expect(avatarName).toBe('Grace');
    const list = taskListSchema.parse((await t.server.inject({ method: 'GET', url: '/api/tasks', headers: alice })).json());
    expect(list.map((task) => task.taskId)).toContain(taskId);

    const seenSteps = new Set<string>();
    let lastProgress = 0;
    completed = await waitFor('generation', async () => {
      const task = await getTask(alice, taskId);
      expect(task.progress).toBeGreaterThanOrEqual(lastProgress);
      lastProgress = task.progress;
      seenSteps.add(task.currentStep);
      // Once a worker has it, the card no longer says it waits for one.
      if (task.currentStep !== 'Queued') expect(task.message).not.toBe('Waiting for a worker');
      return task.status !== 'processing' && task;
    }, 90_000, 25);
    expect(completed).toMatchObject({ status: 'completed', progress: 100, voice_type: 'female', enable_lipsync: true });
    expect(completed.result).toEqual({ message: expect.any(String), preview_url: null, deploy_status: 'ready', deploy_consent: null });
    expect(seenSteps.size).toBeGreaterThanOrEqual(2);

    const image = await t.server.inject({ method: 'GET', url: `/api/avatars/${taskId}/image`, headers: alice });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.width).toBeGreaterThanOrEqual(256);
    const byName = await t.server.inject({ method: 'GET', url: `/api/avatars/Grace/image`, headers: alice });
    expect(byName.rawPayload.equals(image.rawPayload)).toBe(true);

    const avatar = avatarSchema.parse((await t.server.inject({ method: 'GET', url: `/api/avatars/${taskId}`, headers: alice })).json());
    expect(avatar).toMatchObject({ avatarId: taskId, avatarName: 'Grace', status: 'completed', previewUrl: null });
    const rig = await t.server.inject({ method: 'GET', url: `/api/avatars/${taskId}/rig/rig.json`, headers: alice });
    expect(rig.json()).toMatchObject({ format: 'avatar-rig', version: 2 });
    // Its greeting, made while the rig was built, says its name.
    const greeting = await t.server.inject({ method: 'GET', url: `/api/avatars/${taskId}/greeting`, headers: alice });
    expect(greeting.statusCode).toBe(200);
    const spoken = speechResponseSchema.parse(greeting.json());
    expect(readWavInfo(Buffer.from(spoken.audio, 'base64'))).toEqual(SYNTHETIC_SPEECH_INFO);
    expect(spoken.duration_ms).toBeGreaterThan(500);
    expect(spoken.visemes.at(-1)!.end_ms).toBeGreaterThan(spoken.duration_ms - 20);
  });

  it("hides every avatar route from another user behind a 404", async () => {
    const id = completed.taskId;
    for (const [method, url] of [
      ['GET', `/api/tasks/${id}`],
      ['GET', `/api/avatars/${id}`],
      ['GET', `/api/avatars/${id}/image`],
      ['GET', `/api/avatars/Grace/image`],
      ['GET', `/api/avatars/${id}/voice-model`],
      ['GET', `/api/avatars/${id}/rig/rig.json`],
      ['POST', `/api/tasks/${id}/deploy`],
      ['DELETE', `/api/tasks/${id}`],
    ] as const) {
      const res = await t.server.inject({ method, url, headers: bob });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const bobsTasks = taskListSchema.parse((await t.server.inject({ method: 'GET', url: '/api/tasks', headers: bob })).json());
    expect(bobsTasks).toEqual([]);
  });

  it('rejects a duplicate name with 409 avatar_name_taken and bad uploads with clear 4xx codes', async () => {
    const duplicate = await upload(alice, { avatar_name: 'Grace', voice_type: 'male' }, { data: grace });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ detail: { code: 'avatar_name_taken', message: expect.stringContaining('Grace') } });

    const small = await sharp(grace).resize(300, 300).jpeg().toBuffer();
    const tooSmall = await upload(alice, { avatar_name: 'Small', voice_type: 'female' }, { data: small });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json()).toMatchObject({ detail: { code: 'image_too_small', message: expect.stringContaining('300x300') } });

    const notImage = await upload(alice, { avatar_name: 'Text', voice_type: 'female' }, { data: Buffer.from('hello, not an image'), type: 'image/png' });
    expect(notImage.json()).toMatchObject({ detail: { code: 'invalid_image' } });

    const huge = await upload(alice, { avatar_name: 'Huge', voice_type: 'female' }, { data: Buffer.alloc(10485761, 1) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ detail: { code: 'file_too_large' } });

    const noName = await upload(alice, { avatar_name: '   ', voice_type: 'female' }, { data: grace });
    expect(noName.statusCode).toBe(422);
    const customWithoutModel = await upload(alice, { avatar_name: 'Custom', voice_type: 'custom' }, { data: grace });
    expect(customWithoutModel.statusCode).toBe(422);
    const noFile = await upload(alice, { avatar_name: 'Nofile', voice_type: 'female' });
    expect(noFile.statusCode).toBe(422);

    const names = taskListSchema.parse((await t.server.inject({ method: 'GET', url: '/api/tasks', headers: alice })).json()).map((task) => task.avatarName);
    expect(names).toEqual(['Grace']);
  });

  it.each([
    ['on its side', 90, 'Sideways'],
    ['upside down', 180, 'UpsideDown'],
  ] as const)('makes an upright avatar from a photo stored %s with no EXIF orientation', async (_stored, degrees, avatarName) => {
    const turned = await sharp(grace).rotate(degrees).jpeg().toBuffer();
    const res = await upload(alice, { avatar_name: avatarName, voice_type: 'female' }, { data: turned });
    expect(res.statusCode).toBe(202);
    const task = await settled(alice, res.json().taskId);
    expect(task).toMatchObject({ status: 'completed' });
    const rig = (await t.server.inject({ method: 'GET', url: `/api/avatars/${task.taskId}/rig/rig.json`, headers: alice })).json() as Rig;
    const upright = (await t.server.inject({ method: 'GET', url: `/api/avatars/${completed.taskId}/rig/rig.json`, headers: alice })).json() as Rig;
    // The eyes side by side above the mouth, where the upright photo's avatar has them.
    const { leftEye, rightEye, mouth } = rig.face;
    expect(Math.abs(leftEye.y - rightEye.y)).toBeLessThan(0.1 * rig.face.box.height);
    expect(Math.max(leftEye.y, rightEye.y) + leftEye.height).toBeLessThan(mouth.y);
    for (const key of ['box', 'leftEye', 'rightEye', 'mouth'] as const) {
      expect(Math.abs(rig.face[key].x - upright.face[key].x)).toBeLessThan(0.05 * upright.face.box.width);
      expect(Math.abs(rig.face[key].y - upright.face[key].y)).toBeLessThan(0.05 * upright.face.box.height);
    }
  });

  it('fails a photo with two faces (naming the count), with no face, or with a face too small, saying why', async () => {
    const two = await upload(alice, { avatar_name: 'Two', voice_type: 'female' }, { data: await fs.readFile(path.join(fixtures, 'two_faces_composite.jpg')) });
    // The coffee photo is 600x400: enlarged to pass the 512 px minimum, so the face check decides.
    const coffee = await sharp(path.join(fixtures, 'no_face_coffee.png')).resize({ height: 520 }).png().toBuffer();
    const none = await upload(alice, { avatar_name: 'None', voice_type: 'female' }, { data: coffee, type: 'image/png' });
    expect([two.statusCode, none.statusCode]).toEqual([202, 202]);
    const twoTask = await settled(alice, two.json().taskId);
    expect(twoTask).toMatchObject({ status: 'failed', result: null });
    expect(twoTask.message).toContain('2 faces');
    const noneTask = await settled(alice, none.json().taskId);
    expect(noneTask).toMatchObject({ status: 'failed', result: null });
    expect(noneTask.message).toMatch(/no face/i);
    // A small three-quarter face: found, but too small to animate; the person is told why.
    const small = await upload(alice, { avatar_name: 'Camera', voice_type: 'female' }, { data: await fs.readFile(path.join(fixtures, 'camera.png')), type: 'image/png' });
    const smallTask = await settled(alice, small.json().taskId);
    expect(smallTask).toMatchObject({ status: 'failed', result: null });
    expect(smallTask.message).toMatch(/^The face is \d+ px high; at least 120 px works\.$/);
    // A real photo (corpus, 800 px) of a face turned past the 30 degree limit: the measured turn is named.
    const turnedPhoto = listCorpusPhotos().find((p) => p.id === 'uikit-avatar')!;
    const turned = await upload(alice, { avatar_name: 'Turned', voice_type: 'female' }, { data: await fs.readFile(turnedPhoto.file) });
    const turnedTask = await settled(alice, turned.json().taskId);
    expect(turnedTask).toMatchObject({ status: 'failed', result: null, currentStep: 'Face analysis failed' });
    expect(turnedTask.message).toMatch(/^The face is turned (3[1-9]|4\d) degrees to the side; up to 30 works\.$/);
    const deploy = await t.server.inject({ method: 'POST', url: `/api/tasks/${twoTask.taskId}/deploy`, headers: alice });
    expect(deploy.statusCode).toBe(409);
    expect(deploy.json()).toMatchObject({ detail: { code: 'not_deployable' } });
  });

  it('deploys to a public page that speaks without login, and deleting the task removes it', async () => {
    const id = completed.taskId;
    // The spec's call, with no body (no consent: that is the web app's, deploy-consent.api.test.ts).
    const res = await t.server.inject({ method: 'POST', url: `/api/tasks/${id}/deploy`, headers: alice });
    expect(res.statusCode).toBe(202);
    expect(taskSchema.parse(res.json()).result?.deploy_status).toBe('deploying');
    const again = await t.server.inject({ method: 'POST', url: `/api/tasks/${id}/deploy`, headers: alice });
    expect(again.statusCode).toBe(409);

    const deployed = await waitFor('deployment', async () => {
      const task = await getTask(alice, id);
      return task.result?.deploy_status === 'deployed' && task;
    });
    expect(deployed.result?.deploy_consent).toBeNull();
    const previewUrl = deployed.result!.preview_url!;
    expect(previewUrl).toMatch(/^https:\/\/avatars\.example\.com\/avatar-factory\/w\/[A-Za-z0-9]{8,40}$/);
    const publicId = previewUrl.split('/').pop()!;

    const info = await t.server.inject({ method: 'GET', url: `/api/public/avatars/${publicId}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ publicId, avatarName: 'Grace', enable_lipsync: true, rig_url: `/api/public/avatars/${publicId}/rig/`, productName: 'Hibiki' });
    expect(info.body).not.toContain('@example.com');
    const rig = await t.server.inject({ method: 'GET', url: `/api/public/avatars/${publicId}/rig/rig.json` });
    expect(rig.statusCode).toBe(200);
    const traversal = await t.server.inject({ method: 'GET', url: `/api/public/avatars/${publicId}/rig/..%2F..%2Fjwt-secret` });
    expect(traversal.statusCode).toBe(404);

    const spoken = await t.server.inject({ method: 'POST', url: `/api/public/avatars/${publicId}/speak`, payload: { text: 'こんにちは' } });
    expect(spoken.statusCode).toBe(200);
    const speech = speechResponseSchema.parse(spoken.json());
    expect(speech.duration_ms).toBeGreaterThan(300);
    expect(Buffer.from(speech.audio, 'base64').subarray(0, 4).toString()).toBe('RIFF');
    // Audio anyone can take away from the public page says what it is.
    expect(readWavInfo(Buffer.from(speech.audio, 'base64'))).toEqual(SYNTHETIC_SPEECH_INFO);
    const tooLong = await t.server.inject({ method: 'POST', url: `/api/public/avatars/${publicId}/speak`, payload: { text: 'あ'.repeat(201) } });
    expect(tooLong.statusCode).toBe(422);

    const removed = await t.server.inject({ method: 'DELETE', url: `/api/tasks/${id}`, headers: alice });
    expect(removed.statusCode).toBe(204);
    expect((await t.server.inject({ method: 'GET', url: `/api/public/avatars/${publicId}` })).statusCode).toBe(404);
    expect((await t.server.inject({ method: 'GET', url: `/api/public/avatars/${publicId}/rig/rig.json` })).statusCode).toBe(404);
    expect((await t.server.inject({ method: 'GET', url: `/api/tasks/${id}`, headers: alice })).statusCode).toBe(404);
    await expect(fs.access(path.join(t.dataDir, 'files/avatars', id))).rejects.toThrow();
  });

  it('deleting a processing task stops its job', async () => {
    const res = await upload(alice, { avatar_name: 'Stopped', voice_type: 'male' }, { data: grace });
    const { taskId } = res.json();
    const jobId = (await t.repositories.avatars.findById(taskId))!.jobId!;
    const removed = await t.server.inject({ method: 'DELETE', url: `/api/tasks/${taskId}`, headers: alice });
    expect(removed.statusCode).toBe(204);
    const row = await t.repositories.avatars.findById(taskId);
    expect(row).toBeUndefined();
    await waitFor('the job to end', async () => (await t.queue.get(jobId))?.status !== 'running', 30_000, 25);
    expect(await fs.readdir(t.storage.pathOf(`avatars/${taskId}`)).catch(() => [])).toEqual([]);
  });

  it('deleting a task while its rig is built stops its greeting too: nothing of it is written afterwards', async () => {
    const res = await upload(alice, { avatar_name: 'Stopped mid-rig', voice_type: 'female' }, { data: grace });
    const { taskId } = res.json();
    const jobId = (await t.repositories.avatars.findById(taskId))!.jobId!;
    await waitFor('the rig build', async () => {
      const task = await getTask(alice, taskId);
      if (task.status !== 'processing' || ['Preparing voice', 'Rendering portrait', 'Done'].includes(task.currentStep)) throw new Error(`the rig build went by unseen: ${task.status}, ${task.currentStep}`);
      return task.currentStep === 'Building rig';
    }, 60_000, 5);
    expect((await t.server.inject({ method: 'DELETE', url: `/api/tasks/${taskId}`, headers: alice })).statusCode).toBe(204);
    await waitFor('the job to end', async () => (await t.queue.get(jobId))?.status !== 'running', 30_000, 25);
    // The greeting took 250-370 ms; give a late one time to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await fs.readdir(t.storage.pathOf(`avatars/${taskId}`)).catch(() => [])).toEqual([]);
  });
});

describe('speech preview API', () => {
  let t: TestApp;
  let alice: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
  });
  afterAll(() => t.close());

  it('speaks Japanese in the female voice with timings that cover the audio', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/speech/preview', headers: alice, payload: { text: 'こんにちは、今日はいい天気ですね。', voice: 'female' } });
    expect(res.statusCode).toBe(200);
    const speech = speechResponseSchema.parse(res.json());
    const wav = Buffer.from(speech.audio, 'base64');
    expect(wav.subarray(8, 12).toString()).toBe('WAVE');
    expect(readWavInfo(wav)).toEqual(SYNTHETIC_SPEECH_INFO);
    expect(speech.visemes.at(-1)!.end_ms).toBeGreaterThan(speech.duration_ms - 20);
    expect(speech.phonemes.length).toBeGreaterThan(5);
  });

  it('streams long text sentence by sentence as NDJSON', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/speech/preview?stream=1', headers: alice, payload: { text: 'Hello there. This is the second sentence.', voice: 'male', language: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body.trim().split('\n').map((line) => speechResponseSchema.parse(JSON.parse(line)));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(readWavInfo(Buffer.from(line.audio, 'base64'))).toEqual(SYNTHETIC_SPEECH_INFO);
  });

  it.each([
    [{ text: 'x'.repeat(501), voice: 'female' }, 422],
    [{ text: '', voice: 'female' }, 422],
    [{ text: '😀😀', voice: 'female' }, 422],
    [{ text: 'hello', voice: 'custom' }, 422],
    [{ text: 'hello', voice: 'robot' }, 422],
    [{ text: 'hello', voice: 'custom', voice_model_id: '00000000-0000-4000-8000-000000000000' }, 404],
  ])('answers %j with %i', async (payload, status) => {
    const res = await t.server.inject({ method: 'POST', url: '/api/speech/preview', headers: alice, payload });
    expect(res.statusCode).toBe(status);
  });

  it('needs a signed-in user', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/speech/preview', payload: { text: 'hi', voice: 'female' } });
    expect(res.statusCode).toBe(401);
  });
});
