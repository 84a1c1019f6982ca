import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { medianF0 } from '@avatar-factory/voice-training';
import { peakDbfs } from './audio/levels.ts';
import { SYNTHETIC_SPEECH_INFO } from './audio/provenance.ts';
import { decodePcm16Wav, readWavInfo } from './audio/wav.ts';
import { writeVoiceSamples } from './voice-samples.ts';

const dir = mkdtempSync(join(tmpdir(), 'af-speech-samples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeVoiceSamples', () => {
  it('writes a Japanese greeting per default voice as 16-bit WAV', async () => {
    const paths = await writeVoiceSamples(join(dir, 'voices'));
    expect(readdirSync(join(dir, 'voices')).sort()).toEqual(['female-sample.wav', 'male-sample.wav']);
    const [female, male] = paths.map((path) => decodePcm16Wav(readFileSync(path)));
    for (const sample of [female!, male!]) {
      expect(sample.sampleRate).toBe(48000);
      expect(sample.samples.length / sample.sampleRate).toBeGreaterThan(2);
      expect(peakDbfs(sample.samples)).toBeLessThan(-1);
    }
    expect(await medianF0(female!.samples, 48000)).toBeGreaterThan(await medianF0(male!.samples, 48000) * 1.5);
    for (const path of paths) expect(readWavInfo(readFileSync(path))).toEqual(SYNTHETIC_SPEECH_INFO);
  });
});
