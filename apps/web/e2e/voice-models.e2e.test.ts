import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodePcm16Wav, encodeWav, synthesize } from '@avatar-factory/speech';
import { medianF0 } from '@avatar-factory/voice-training';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { launchBrowser, newPage, viewports } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { createTestUser, registerViaApi, signInViaUi, type TestUser } from './support/users';

/**
 * The voice-model path in Chromium with its fake microphone: the "speaker" is the speech engine's
 * male Japanese voice reading the guided sentences, fed to getUserMedia from a WAV file. Chromium
 * replays the file from its start for each new stream, and one browser has one file, so each
 * sentence is recorded in its own browser.
 */

const shotsDir = '/tmp/voice-shots';
const graceHopper = path.resolve(import.meta.dirname, '../../../fixtures/faces/grace_hopper.jpg');

let server: RunningServer;
let workDir: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startServer({ VOICE_MIN_RECORDINGS: '2', VOICE_REQUIRED_RECORDINGS: '3' });
  workDir = await mkdtemp(path.join(os.tmpdir(), 'af-voice-e2e-'));
  await mkdir(shotsDir, { recursive: true });
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function api<T>(token: string, route: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${route}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.body && typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

async function tokenFor(user: TestUser): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: user.email, password: user.password }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  return access_token;
}

/** A take for the fake microphone: 0.4 s of silence, the sentence, then 8 s of silence (Chromium loops the file: a long tail keeps the next loop out of the auto-stop check) (48 kHz, 16-bit). */
async function writeTake(text: string, file: string): Promise<number> {
  const speech = await synthesize({ text, voice: 'male', language: 'ja' });
  expect(speech.sampleRate).toBe(48_000); // what Chromium's fake capture plays without resampling
  const lead = Math.round(0.4 * speech.sampleRate);
  const tail = Math.round(8 * speech.sampleRate);
  const samples = new Float32Array(lead + speech.samples.length + tail);
  samples.set(speech.samples, lead);
  await writeFile(file, encodeWav(samples, speech.sampleRate));
  return speech.samples.length / speech.sampleRate;
}

/** Seconds from the end of the last 20 ms frame at or above -45 dBFS RMS to the end of the take. */
function quietAfterLastSpeechFrame(samples: Float32Array, sampleRate: number): number {
  const frame = Math.round(sampleRate * 0.02);
  let lastSpeechEnd = 0;
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += samples[i]! ** 2;
    if (20 * Math.log10(Math.sqrt(sum / frame) + 1e-10) >= -45) lastSpeechEnd = start + frame;
  }
  return (samples.length - lastSpeechEnd) / sampleRate;
}

async function browserWithMicrophone(wavFile: string): Promise<Browser> {
  const browser = await launchBrowser({
    args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wavFile}%noloop`],
  });
  browsers.push(browser);
  return browser;
}

/** Median F0 (Hz) of a speech answer's voiced frames, with the speech package's own measure. */
function answerF0(base64Wav: string): Promise<number> {
  const { samples, sampleRate } = decodePcm16Wav(Buffer.from(base64Wav, 'base64'));
  return medianF0(samples, sampleRate);
}

async function openVoiceModels(page: Page, user: TestUser): Promise<void> {
  await signInViaUi(page, server.appUrl, user);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Voice Models' }).click();
  await page.getByRole('heading', { name: 'Voice Models', level: 1 }).waitFor();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('Voice Models screen with a fake microphone against the real server', () => {
  it('creates a model, records takes, trains it, and the avatar then speaks with it', { timeout: 600_000 }, async () => {
    const user = createTestUser();
    await registerViaApi(server.baseUrl, user);
    const token = await tokenFor(user);

    const config = await api<{ minRecordings: number; requiredRecordings: number }>(token, '/voice-training/config');
    expect(config).toMatchObject({ minRecordings: 2, requiredRecordings: 3 });
    const { sentences } = await api<{ sentences: Array<{ id: string; text: string }> }>(token, '/voice-sentences/suggested-texts');
    const takeFiles = [path.join(workDir, 'take-1.wav'), path.join(workDir, 'take-2.wav')];
    const takeSeconds = [await writeTake(sentences[0]!.text, takeFiles[0]!), await writeTake(sentences[1]!.text, takeFiles[1]!)];

    // --- Browser 1: the 409 rule while the face is trained, creating the model, take 1 with auto-stop.
    const first = await browserWithMicrophone(takeFiles[0]!);
    const { context, page, pageErrors } = await newPage(first, viewports.desktop);
    await openVoiceModels(page, user);
    await page.getByText('No voice models available. Create a new voice model first.').waitFor();

    await page.getByRole('button', { name: 'Create New Voice Model' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Voice Model' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Model Name').getAttribute('placeholder')).toBe('Enter a name for your voice model');
    // An empty (trimmed) name does nothing and says nothing.
    await dialog.getByLabel('Model Name').fill('   ');
    await dialog.getByRole('button', { name: 'Create Model' }).click();
    await sleep(500);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);

    // While an avatar (its face) is being generated, creating a voice model is refused in Japanese.
    const form = new FormData();
    form.append('file', new Blob([await readFile(graceHopper)], { type: 'image/jpeg' }), 'grace_hopper.jpg');
    form.append('avatar_name', 'Grace');
    form.append('enable_lipsync', 'true');
    form.append('voice_type', 'female');
    const { taskId } = await api<{ taskId: string }>(token, '/avatars', { method: 'POST', body: form });
    await dialog.getByLabel('Model Name').fill('Too early');
    await dialog.getByRole('button', { name: 'Create Model' }).click();
    await toast(page, '顔のトレーニング中は音声のトレーニングを行えません').waitFor();
    expect(await api<unknown[]>(token, '/voice-models')).toHaveLength(0);
    for (let i = 0; i < 240; i += 1) {
      const current = await api<{ status: string; message: string }>(token, `/tasks/${taskId}`);
      if (current.status === 'failed') throw new Error(`avatar generation failed: ${current.message}`);
      if (current.status === 'completed') break;
      await sleep(1000);
    }
    const greeting = await api<{ audio: string }>(token, `/avatars/${taskId}/speak`, {
      method: 'POST',
      body: JSON.stringify({ text: 'こんにちは、今日はいい天気ですね。よろしくお願いします。', language: 'ja' }),
    });
    const f0Before = await answerF0(greeting.audio);

    await dialog.getByLabel('Model Name').fill('  My Voice  ');
    await dialog.getByRole('button', { name: 'Create Model' }).click();
    await toast(page, 'Voice model created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const models = await api<Array<{ id: string; name: string; is_public: boolean; status: string }>>(token, '/voice-models');
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({ name: 'My Voice', is_public: false, status: 'recording' });
    const modelId = models[0]!.id;

    const panel = page.getByRole('region', { name: 'Voice Training Session' });
    await panel.getByRole('heading', { name: 'Voice Training Progress' }).waitFor();
    await panel.getByText('0/3 Required').waitFor();
    await panel.getByText('Record at least 3 sentences to complete the training').waitFor(); // N = the required count
    const bar = panel.getByRole('progressbar', { name: 'Recorded sentences' });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('0');
    await expect.poll(() => bar.locator('div').getAttribute('class')).toContain('bg-red-500');
    for (const label of ['Sentence 1', 'Sentence 2', 'Sentence 3']) await panel.getByRole('button', { name: new RegExp(`^${label}`) }).waitFor();
    await panel.locator('p', { hasText: sentences[0]!.text }).waitFor();
    await page.screenshot({ path: `${shotsDir}/01-session-1280.png`, fullPage: true });
    await expectAccessible(page, 'voice models with the training panel open', [viewports.desktop, viewports.mobile]);

    // Auto-stop on: the take ends by itself after the sentence (recognition is offline here: silence).
    await panel.getByRole('switch', { name: 'Auto-stop' }).click();
    await expect.poll(() => panel.getByRole('switch', { name: 'Auto-stop' }).getAttribute('aria-checked')).toBe('true');
    await panel.getByRole('button', { name: 'Start recording (Sentence 1)' }).click();
    const stopButton = panel.getByRole('button', { name: 'Stop recording (Sentence 1)' });
    await stopButton.waitFor();
    const startedAt = Date.now();
    // Samples come from the AudioWorklet (served from our origin under the CSP), not the fallback.
    await expect.poll(() => panel.locator('[data-capture-method]').first().getAttribute('data-capture-method')).toBe('audio-worklet');
    await page.screenshot({ path: `${shotsDir}/02-recording-1280.png` });
    await stopButton.waitFor({ state: 'detached', timeout: 30_000 });
    const recordedFor = (Date.now() - startedAt) / 1000;
    console.log(`take 1: speech ${takeSeconds[0]!.toFixed(2)} s after 0.4 s of silence; auto-stop after ${recordedFor.toFixed(2)} s`);
    // Not cut off during the sentence, and stopped during the trailing silence (8 s); the wall clock
    // only bounds it loosely (it includes the page's own start-up and a loaded machine's delays).
    expect(recordedFor).toBeGreaterThan(0.4 + takeSeconds[0]!);
    expect(recordedFor).toBeLessThan(0.4 + takeSeconds[0]! + 6);
    await toast(page, 'Recording uploaded. Processing...').waitFor({ timeout: 30_000 });
    // The rule itself is checked in sample time, on the take the server stored: it ends 1.2 s after
    // the last 20 ms frame at speech level (-45 dBFS; the fake microphone adds no noise), give or
    // take one frame of alignment and one 2048-sample capture block.
    const storedTakes = path.join(server.dataDir, 'files', 'voice-models', modelId, 'takes');
    const [takeFile] = await readdir(storedTakes);
    const take = decodePcm16Wav(await readFile(path.join(storedTakes, takeFile!)));
    const trailingSeconds = quietAfterLastSpeechFrame(take.samples, take.sampleRate);
    console.log(`take 1 stored: ${(take.samples.length / take.sampleRate).toFixed(2)} s, ${trailingSeconds.toFixed(3)} s after the speech`);
    expect(trailingSeconds).toBeGreaterThanOrEqual(1.2 - 0.02);
    expect(trailingSeconds).toBeLessThan(1.2 + 0.02 + 2048 / take.sampleRate);
    await toast(page, 'Recording successfully processed').waitFor({ timeout: 35_000 });
    const firstTake = (await api<Array<{ sentence_id: string; status: string; quality_score: number | null }>>(token, `/voice-models/${modelId}/sentences`))[0];
    expect(firstTake).toMatchObject({ sentence_id: sentences[0]!.id, status: 'ready' });
    await panel.getByText('1/3 Required').waitFor();
    // On ready the next sentence opens; Previous goes back to the finished one.
    await panel.getByRole('button', { name: 'Start recording (Sentence 2)' }).waitFor();
    await panel.getByRole('button', { name: 'Previous' }).click();
    await panel.getByText('Recording completed').waitFor();
    await panel.getByText('You can re-record this sentence if needed').waitFor();
    await panel.getByText(`Quality Score: ${Math.round(firstTake!.quality_score! * 100)}%`).waitFor();
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('33');
    // The recorder kept the take for playback, with its duration.
    await expect.poll(() => panel.getByRole('button', { name: 'Play recording (Sentence 1)' }).isEnabled()).toBe(true);
    await expect.poll(() => panel.getByLabel('Recording duration').first().textContent()).toMatch(/^0:0[2-9]$/);
    await page.screenshot({ path: `${shotsDir}/03-take-ready-1280.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
    await context.close();

    // --- Browser 2 (phone width): take 2 stopped by hand, then training.
    const second = await browserWithMicrophone(takeFiles[1]!);
    const phone = await newPage(second, viewports.mobile);
    await openVoiceModels(phone.page, user);
    await phone.page.getByRole('button', { name: 'Create New Voice Model' }).click();
    await phone.page.getByRole('dialog', { name: 'Create New Voice Model' }).waitFor();
    await phone.page.screenshot({ path: `${shotsDir}/04a-create-dialog-375.png` });
    await expectAccessible(phone.page, 'voice models, create dialog');
    await phone.page.keyboard.press('Escape');
    await phone.page.getByRole('dialog').waitFor({ state: 'detached' });
    const card = phone.page.getByRole('list', { name: 'Voice models' }).getByRole('listitem').first();
    await card.getByRole('button', { name: 'My Voice', exact: true }).click();
    const phonePanel = phone.page.getByRole('region', { name: 'Voice Training Session' });
    await phonePanel.getByText('1/3 Required').waitFor();
    await phonePanel.getByRole('button', { name: 'Start recording (Sentence 2)' }).click();
    await phonePanel.getByRole('button', { name: 'Stop recording (Sentence 2)' }).waitFor();
    await sleep((0.4 + takeSeconds[1]! + 0.6) * 1000);
    await phonePanel.getByRole('button', { name: 'Stop recording (Sentence 2)' }).click();
    await toast(phone.page, 'Recording uploaded. Processing...').waitFor({ timeout: 30_000 });
    await phonePanel.getByRole('button', { name: /^Sentence 2 Processing/ }).waitFor();
    await toast(phone.page, 'Recording successfully processed').waitFor({ timeout: 35_000 });
    await phonePanel.getByText('2/3 Required').waitFor();
    await phonePanel.getByRole('button', { name: /^Sentence 2 Completed/ }).waitFor();
    const phoneBar = phonePanel.getByRole('progressbar', { name: 'Recorded sentences' });
    await expect.poll(() => phoneBar.locator('div').getAttribute('class')).toContain('bg-yellow-400'); // 67 % <= medium 70

    await phonePanel.getByText('You have completed the minimum required recordings (2/2) to start training.').waitFor();
    await phonePanel.getByText('Quality Warning').waitFor();
    await phonePanel
      .getByText('For optimal voice quality, we recommend recording all 3 sentences. Training with only 2/3 recordings may result in lower quality.')
      .waitFor();
    await phone.page.screenshot({ path: `${shotsDir}/04-start-training-375.png`, fullPage: true });
    await expectAccessible(phone.page, 'training panel with two takes and the quality warning', [viewports.mobile, viewports.desktop]);

    const trainingStarted = Date.now();
    await phonePanel.getByRole('button', { name: 'Start Voice Model Training' }).click();
    await toast(phone.page, 'Voice model training started').waitFor();
    await phonePanel.getByRole('button', { name: 'Training in Progress...' }).waitFor();
    await phonePanel.getByText("This may take several minutes. You'll be notified when it's complete.").waitFor();
    await card.getByRole('button', { name: 'Cancel training of My Voice' }).waitFor();
    await phone.page.screenshot({ path: `${shotsDir}/05-training-375.png`, fullPage: true });
    await toast(phone.page, 'Voice model training completed!').waitFor({ timeout: 300_000 });
    console.log(`training seen ready in the page after ${((Date.now() - trainingStarted) / 1000).toFixed(1)} s`);
    await card.getByText('Ready').waitFor();
    await card.getByText('Recorded Sentences').waitFor();
    // 'Quality Score' shows exactly when the trainer could score held-out takes (null with 2 takes).
    const trained = (await api<Array<{ metadata: { sentence_count: number; quality_score: number | null } }>>(token, '/voice-models'))[0]!;
    console.log(`trained model metadata: ${JSON.stringify(trained.metadata)}`);
    await card.getByText(String(trained.metadata.sentence_count), { exact: true }).waitFor();
    if (trained.metadata.quality_score === null) await expect.poll(() => card.getByText('Quality Score').count()).toBe(0);
    else await card.getByText(`${Math.round(trained.metadata.quality_score * 100)}%`, { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Delete My Voice' }).waitFor();
    await phone.page.screenshot({ path: `${shotsDir}/06-ready-375.png`, fullPage: true });
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();

    // --- The avatar speaks with the trained voice: median F0 moves from the female base towards the speaker.
    // Applied on the Avatar edit screen, as a user would (the edit screen applies a voice).
    const editBrowser = await launchBrowser();
    browsers.push(editBrowser);
    const edit = await newPage(editBrowser, viewports.desktop);
    await signInViaUi(edit.page, server.appUrl, user);
    await edit.page.goto(`${server.appUrl}avatars/${taskId}/edit`);
    await edit.page.getByRole('heading', { name: 'Edit Avatar: Grace' }).waitFor();
    // By role and exact name: the loading spinner's label ("Loading voice models") also contains the words.
    await edit.page.getByRole('combobox', { name: 'Voice model', exact: true }).selectOption(modelId);
    await edit.page.getByRole('button', { name: 'Apply Voice Model' }).click();
    await edit.page.getByText('Voice model applied successfully').waitFor();
    await expect.poll(() => edit.page.getByTestId('current-voice').textContent()).toContain('My Voice');
    expect(await api<{ voice_model_id: string | null }>(token, `/avatars/${taskId}/voice-model`)).toMatchObject({ voice_model_id: modelId, voice_type: 'custom' });
    expect(edit.pageErrors).toEqual([]);
    await edit.context.close();
    const after = await api<{ audio: string }>(token, `/avatars/${taskId}/speak`, {
      method: 'POST',
      body: JSON.stringify({ text: 'こんにちは、今日はいい天気ですね。よろしくお願いします。', language: 'ja' }),
    });
    const f0After = await answerF0(after.audio);
    const speakerTake = await synthesize({ text: sentences[0]!.text, voice: 'male', language: 'ja' });
    const f0Speaker = await medianF0(speakerTake.samples, speakerTake.sampleRate);
    console.log(`median F0: avatar before ${f0Before.toFixed(1)} Hz, after ${f0After.toFixed(1)} Hz, speaker ${f0Speaker.toFixed(1)} Hz`);
    expect(Math.abs(f0After - f0Speaker) / f0Speaker).toBeLessThan(0.15);
    expect(f0Before / f0After).toBeGreaterThan(1.3);

    // --- Browser 3: a silent take fails with the server's reason; re-training is cancelled; the model is deleted.
    const silenceFile = path.join(workDir, 'silence.wav');
    await writeFile(silenceFile, encodeWav(new Float32Array(48_000 * 4), 48_000));
    const third = await browserWithMicrophone(silenceFile);
    const last = await newPage(third, viewports.desktop);
    await openVoiceModels(last.page, user);
    const lastCard = last.page.getByRole('list', { name: 'Voice models' }).getByRole('listitem').first();
    await lastCard.getByRole('button', { name: 'My Voice', exact: true }).click();
    const lastPanel = last.page.getByRole('region', { name: 'Voice Training Session' });
    await lastPanel.getByRole('button', { name: 'Start recording (Sentence 3)' }).click();
    await lastPanel.getByRole('button', { name: 'Stop recording (Sentence 3)' }).waitFor();
    await sleep(2000);
    await lastPanel.getByRole('button', { name: 'Stop recording (Sentence 3)' }).click();
    await lastPanel.getByRole('button', { name: /^Sentence 3 Failed/ }).waitFor({ timeout: 35_000 });
    const failedTake = (await api<Array<{ sentence_id: string; status: string; error_message: string | null }>>(token, `/voice-models/${modelId}/sentences`)).find(
      (candidate) => candidate.sentence_id === sentences[2]!.id,
    );
    console.log(`silent take: ${JSON.stringify(failedTake)}`);
    expect(failedTake).toMatchObject({ status: 'failed' });
    expect(failedTake!.error_message).toBeTruthy();
    // The toast is the server's error_message itself (no 'Recording Failed' title).
    await toast(last.page, failedTake!.error_message!).waitFor();
    expect(await last.page.locator('[data-sonner-toast]').filter({ hasText: 'Recording Failed' }).count()).toBe(0);
    await lastPanel.getByRole('alert').filter({ hasText: 'Recording Failed' }).filter({ hasText: failedTake!.error_message! }).waitFor();
    await lastPanel.getByText('2/3 Required').waitFor(); // a failed take does not count
    await last.page.screenshot({ path: `${shotsDir}/07-take-failed-1280.png`, fullPage: true });

    await lastPanel.getByRole('button', { name: 'Start Voice Model Training' }).click();
    await toast(last.page, 'Voice model training started').waitFor();
    await lastCard.getByRole('button', { name: 'Cancel training of My Voice' }).click();
    await toast(last.page, 'Training cancelled').waitFor();
    await lastCard.getByText('Failed', { exact: true }).waitFor();
    await sleep(6000); // a list re-poll later: a cancel is not reported as a failed training
    await expect.poll(() => toast(last.page, 'Voice model training failed').count()).toBe(0);
    expect((await api<Array<{ status: string }>>(token, '/voice-models'))[0]!.status).toBe('failed');

    await lastCard.getByRole('button', { name: 'Delete My Voice' }).click();
    const confirm = last.page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this voice model?').waitFor();
    await last.page.screenshot({ path: `${shotsDir}/08-delete-confirm-1280.png` });
    await expectAccessible(last.page, 'voice models, delete confirmation');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(last.page, 'Voice model deleted successfully').waitFor();
    await last.page.getByText('No voice models available. Create a new voice model first.').waitFor();
    await expect.poll(() => last.page.getByRole('region', { name: 'Voice Training Session' }).count()).toBe(0);
    expect(await api<unknown[]>(token, '/voice-models')).toHaveLength(0);
    expect(await api<{ voice_model_id: string | null }>(token, `/avatars/${taskId}/voice-model`)).toMatchObject({ voice_model_id: null });

    // An English model guides with the English sentences (?lang=en).
    const english = await api<{ sentences: Array<{ id: string; text: string }> }>(token, '/voice-sentences/suggested-texts?lang=en');
    await last.page.getByRole('button', { name: 'Create New Voice Model' }).click();
    const englishDialog = last.page.getByRole('dialog', { name: 'Create New Voice Model' });
    await englishDialog.getByLabel('Model Name').fill('English Voice');
    await englishDialog.getByRole('radio', { name: 'English' }).check();
    await englishDialog.getByRole('button', { name: 'Create Model' }).click();
    await toast(last.page, 'Voice model created successfully').waitFor();
    const englishPanel = last.page.getByRole('region', { name: 'Voice Training Session' });
    await englishPanel.locator('p[lang="en"]', { hasText: english.sentences[0]!.text }).waitFor();
    expect((await api<Array<{ metadata: { language: string } }>>(token, '/voice-models'))[0]!.metadata.language).toBe('en');
    expect(last.pageErrors).toEqual([]);
    await last.context.close();
  });
});
