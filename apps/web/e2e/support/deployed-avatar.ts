import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAvatarResponseSchema, taskSchema, tokenResponseSchema, type Task } from '@avatar-factory/contracts';
import type { TestUser } from './users';

const fixturesDir = path.resolve(import.meta.dirname, '../../../../fixtures/faces');

/** Signs in through the API (POST /api/token, a form post) and returns the bearer token. */
export async function tokenViaApi(baseUrl: string, user: TestUser): Promise<string> {
  const response = await fetch(`${baseUrl}/api/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`POST /api/token answered ${response.status}: ${await response.text()}`);
  return tokenResponseSchema.parse(await response.json()).access_token;
}

async function getTask(baseUrl: string, token: string, taskId: string): Promise<Task> {
  const response = await fetch(`${baseUrl}/api/tasks/${taskId}`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET /api/tasks/${taskId} answered ${response.status}: ${await response.text()}`);
  return taskSchema.parse(await response.json());
}

async function pollTask(baseUrl: string, token: string, taskId: string, done: (task: Task) => boolean, timeoutMs: number, what: string): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await getTask(baseUrl, token, taskId);
    if (done(task)) return task;
    if (task.status === 'failed') throw new Error(`task ${taskId} failed at "${task.currentStep}": ${task.message}`);
    if (Date.now() > deadline) throw new Error(`task ${taskId} not ${what} within ${timeoutMs / 1000} s (step "${task.currentStep}", ${task.progress} %)`);
    await sleep(300);
  }
}

/**
 * Uploads a photo (a fixture name, or a path; multipart POST /api/avatars), waits for the generation job, deploys
 * (POST /api/tasks/{id}/deploy) and waits until the public page exists. Returns the deployed task.
 */
export async function createDeployedAvatar(baseUrl: string, token: string, options: { photo: string; avatarName: string; voiceType?: 'female' | 'male'; lipsync?: boolean }): Promise<Task & { result: NonNullable<Task['result']> & { preview_url: string } }> {
  const form = new FormData();
  const bytes = await readFile(path.resolve(fixturesDir, options.photo));
  form.set('file', new Blob([bytes], { type: options.photo.endsWith('.png') ? 'image/png' : 'image/jpeg' }), options.photo);
  form.set('avatar_name', options.avatarName);
  form.set('enable_lipsync', String(options.lipsync ?? true));
  form.set('voice_type', options.voiceType ?? 'female');
  const created = await fetch(`${baseUrl}/api/avatars`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  if (created.status !== 202) throw new Error(`POST /api/avatars answered ${created.status}: ${await created.text()}`);
  const { taskId } = createAvatarResponseSchema.parse(await created.json());

  await pollTask(baseUrl, token, taskId, (task) => task.status === 'completed', 180_000, 'completed');
  const deploy = await fetch(`${baseUrl}/api/tasks/${taskId}/deploy`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  if (deploy.status !== 202) throw new Error(`POST /api/tasks/${taskId}/deploy answered ${deploy.status}: ${await deploy.text()}`);
  const deployed = await pollTask(baseUrl, token, taskId, (task) => task.result?.deploy_status === 'deployed', 60_000, 'deployed');
  const previewUrl = deployed.result?.preview_url;
  if (!previewUrl) throw new Error(`task ${taskId} is deployed without a preview_url`);
  return deployed as Task & { result: NonNullable<Task['result']> & { preview_url: string } };
}
