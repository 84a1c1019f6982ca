import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { buildCore } from '../src/core';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { jobHandlers } from '../src/jobs/handlers';
import { startWorkerPool } from '../src/jobs/worker-pool';
import { multipartBody } from '../src/testing/multipart';

type Row = { name: string; value: number; unit: string; goal?: string };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/**
 * 100 concurrent clients from a separate autocannon process: run inside this process, the load
 * generator would share the server's event loop and halve what it measures.
 */
async function loadFromAnotherProcess(url: string, token: string, seconds = 8): Promise<autocannon.Result> {
  const bin = path.resolve(import.meta.dirname, '../../../node_modules/.bin/autocannon');
  const { stdout } = await promisify(execFile)(bin, ['-c', '100', '-d', String(seconds), '-j', '-H', `authorization=Bearer ${token}`, url], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as autocannon.Result;
}

/** Server rows: the API under load, sign-in, photo -> finished avatar, public page -> first audio. */
export async function benchRows(): Promise<Row[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'af-bench-'));
  const database = await openDatabase({ inMemory: true });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGNIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '100000', PUBLIC_AVATAR_RATE_LIMIT: '100000', SPEECH_USER_RATE_LIMIT: '100000', WEB_DIST_DIR: path.join(dataDir, 'none') });
  const app = await buildApp(await buildCore({ config, database }));
  const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
  const rows: Row[] = [];
  let pool: ReturnType<typeof startWorkerPool> | undefined;
  try {
    const email = 'bench@example.com';
    const password = 'benchmark password';
    await fetch(`${address}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

    const signIns: number[] = [];
    let token = '';
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await fetch(`${address}/api/token`, { method: 'POST', body: new URLSearchParams({ username: email, password }) });
      signIns.push(performance.now() - started);
      token = ((await res.json()) as { access_token: string }).access_token;
    }
    rows.push({ name: 'server: one sign-in (scrypt N=2^15), p50 of 10', value: round(percentile(signIns, 50)), unit: 'ms' });

    await loadFromAnotherProcess(`${address}/api/users/me`, token, 3); // warm-up: JIT and caches
    const load = await loadFromAnotherProcess(`${address}/api/users/me`, token);
    rows.push({ name: 'server: GET /api/users/me, 100 concurrent clients, p50', value: load.latency.p50, unit: 'ms' });
    rows.push({ name: 'server: GET /api/users/me, 100 concurrent clients, p99', value: load.latency.p99, unit: 'ms' });
    rows.push({ name: 'server: GET /api/users/me throughput', value: round(load.requests.average, 0), unit: 'req/s' });
    rows.push({ name: 'server: GET /api/users/me non-2xx answers', value: load.non2xx + load.errors, unit: 'count' });

    // A 1024 px JPEG from a fixture photo, uploaded and generated through the real job (the
    // workers start only now, so their polling does not share the API measurement above).
    pool = startWorkerPool({ queue: app.queue, handlers: jobHandlers(app), logger: { info() {}, warn() {}, error() {} }, pollMs: 20 });
    const grace = path.resolve(import.meta.dirname, '../../../fixtures/faces/grace_hopper.jpg');
    let avatarId = '';
    const generate = async (label: string, photo: Buffer, times: number) => {
      const generation: number[] = [];
      for (let i = 0; i < times; i++) {
        const body = multipartBody({ avatar_name: `bench-${label}-${i}`, voice_type: 'female', enable_lipsync: 'true' }, { field: 'file', name: 'photo.jpg', type: 'image/jpeg', data: photo });
        const started = performance.now();
        const res = await fetch(`${address}/api/avatars`, { method: 'POST', body: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`bench upload answered ${res.status}: ${await res.text()}`);
        avatarId = ((await res.json()) as { taskId: string }).taskId;
        for (;;) {
          const task = (await (await fetch(`${address}/api/tasks/${avatarId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { status: string; message: string };
          if (task.status === 'processing') {
            await new Promise((resolve) => setTimeout(resolve, 20));
            continue;
          }
          if (task.status !== 'completed') throw new Error(`bench avatar ${task.status}: ${task.message}`);
          break;
        }
        generation.push(performance.now() - started);
      }
      return generation;
    };
    // A phone's 12 MP photo with the portrait at its own size in it: the face is found in a copy, then analysed in a crop at full resolution.
    const phonePhoto = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#6f7d64' } }).composite([{ input: grace, left: 1700, top: 1100 }]).jpeg({ quality: 90 }).toBuffer();
    rows.push({ name: "server: phone photo (4032 x 3024 JPEG, face 200 px high) -> finished avatar, p50 of 3", value: round(percentile(await generate('phone', phonePhoto, 3), 50) / 1000, 2), unit: 's' });
    // Nearer the camera: the face is found in range in the copy (about 200 px high there) and moved into a sharper crop.
    const phoneNearer = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#6f7d64' } }).composite([{ input: await sharp(grace).resize({ width: 1024 }).toBuffer(), left: 1500, top: 900 }]).jpeg({ quality: 90 }).toBuffer();
    rows.push({ name: 'server: phone photo (4032 x 3024 JPEG, face about 400 px high) -> finished avatar, p50 of 3', value: round(percentile(await generate('phone-nearer', phoneNearer, 3), 50) / 1000, 2), unit: 's', goal: '<= 2 s' });
    // The same photo as a phone takes a portrait: the face fills the frame (about 1500 px high); the copy it is found in is its analysis.
    const phonePortrait = await sharp(grace).resize({ height: 3024, kernel: 'lanczos3' }).extend({ left: 726, right: 726, background: '#6f7d64' }).jpeg({ quality: 90 }).toBuffer();
    rows.push({ name: 'server: phone portrait (4032 x 3024 JPEG, face about 1500 px high) -> finished avatar, p50 of 3', value: round(percentile(await generate('phone-portrait', phonePortrait, 3), 50) / 1000, 2), unit: 's', goal: '<= 2 s' });
    const generation = await generate('1024', await sharp(grace).resize({ width: 1024 }).jpeg({ quality: 90 }).toBuffer(), 3);
    rows.push({ name: 'server: photo (1024 px JPEG) -> finished avatar, p50 of 3', value: round(percentile(generation, 50) / 1000, 2), unit: 's', goal: '<= 2 s' });

    await fetch(`${address}/api/tasks/${avatarId}/deploy`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    let publicId = '';
    for (;;) {
      const task = (await (await fetch(`${address}/api/tasks/${avatarId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { result: { preview_url: string | null } };
      if (task.result.preview_url) {
        publicId = task.result.preview_url.split('/').pop()!;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const firstAudioMs = async (text: string) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        const res = await fetch(`${address}/api/public/avatars/${publicId}/speak?stream=1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        });
        const reader = res.body!.getReader();
        let buffered = '';
        while (!buffered.includes('\n')) {
          const { value, done } = await reader.read();
          if (done) break;
          buffered += Buffer.from(value).toString();
        }
        times.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`public speak answered ${res.status}: ${buffered.slice(0, 200)}`);
        await reader.cancel();
      }
      return round(percentile(times, 50));
    };
    // The speech bench's 30-character first line (one clause mark), then a second sentence.
    rows.push({
      name: 'server: public page text -> first audio (30-character line + 1 sentence, streamed), p50 of 7',
      value: await firstAudioMs('今日はとても良い天気なので、近くの公園まで歩いて行きたいな。一緒に行きませんか。'),
      unit: 'ms',
      goal: '<= 250 ms',
    });
    // A first sentence with no clause mark is spoken whole before anything plays.
    rows.push({
      name: 'server: public page text -> first audio (18-character unmarked first sentence + 2, streamed), p50 of 7',
      value: await firstAudioMs('明日の朝は早く起きて駅まで行きます。天気が良ければ歩きます。また連絡します。'),
      unit: 'ms',
      goal: '<= 250 ms',
    });

    // Public traffic must not starve an owner. 16 visitors in another process keep the
    // public speak route busy (each asks again as soon as it is answered, or after Retry-After when
    // told to wait, as the public page does) while the owner previews a sentence again and again.
    const publicLoad = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, 'public-speak-load.ts'), `${address}/api/public/avatars/${publicId}/speak`, '16', '12', '今日はとても良い天気なので、近くの公園まで歩いて行きたいな。一緒に行きませんか。'],
      { maxBuffer: 1024 * 1024 },
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const previews: number[] = [];
    let previewFailures = 0;
    const until = performance.now() + 9000;
    while (performance.now() < until) {
      const started = performance.now();
      const res = await fetch(`${address}/api/speech/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: 'こんにちは、私の声はこんな感じです。', voice: 'female' }),
      });
      await res.arrayBuffer();
      if (res.status === 200) previews.push(performance.now() - started);
      else previewFailures++;
    }
    const publicResult = JSON.parse((await publicLoad).stdout) as { answered: number; refused: Record<string, number>; p50: number; p99: number };
    const refusedCount = Object.values(publicResult.refused).reduce((sum, count) => sum + count, 0);
    rows.push({ name: `server: owner's preview while 16 visitors load the public speak route, p50 of ${previews.length}`, value: round(percentile(previews, 50)), unit: 'ms' });
    rows.push({ name: "server: owner's preview under that public load, p99", value: round(percentile(previews, 99)), unit: 'ms', goal: '< 1000 ms' });
    rows.push({ name: "server: owner's previews refused under that load", value: previewFailures, unit: 'count', goal: '0' });
    rows.push({ name: 'server: public speak under that load (12 s): answered', value: publicResult.answered, unit: `requests (p50 ${publicResult.p50} ms; ${refusedCount} told to retry later: ${JSON.stringify(publicResult.refused)})` });
  } finally {
    await pool?.stop();
    await app.server.close();
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}
