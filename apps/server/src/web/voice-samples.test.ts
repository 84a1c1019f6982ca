import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultSpeechEngine, SAMPLE_FILES } from '@avatar-factory/speech';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureVoiceSamples } from './voice-samples';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'af-voice-samples-'));
const log = { info() {}, error() {} };
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('voice samples at start', () => {
  it('are on disk once ensureVoiceSamples resolves (the server listens only then), and are made once', async () => {
    await ensureVoiceSamples(dir, defaultSpeechEngine(), log);
    const files = Object.values(SAMPLE_FILES).map((file) => path.join(dir, file));
    const stats = await Promise.all(files.map((file) => fs.stat(file)));
    for (const [i, stat] of stats.entries()) {
      expect(stat.size).toBeGreaterThan(50_000);
      expect((await fs.readFile(files[i]!)).subarray(0, 4).toString('ascii')).toBe('RIFF');
    }
    await ensureVoiceSamples(dir, defaultSpeechEngine(), log);
    const again = await Promise.all(files.map((file) => fs.stat(file)));
    expect(again.map((s) => s.mtimeMs)).toEqual(stats.map((s) => s.mtimeMs));
  }, 60_000);
});
