import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeSyntheticSpeechWav } from './audio/provenance.ts';
import { defaultSpeechEngine, type SpeechEngine } from './synthesize.ts';
import type { BaseVoice } from './types.ts';

/** The greeting each default voice says on the creation screen. */
export const SAMPLE_GREETINGS: Record<BaseVoice, string> = {
  female: 'こんにちは。私の声で、あなたのアバターがお話しします。',
  male: 'こんにちは。私の声で、あなたのアバターがお話しします。',
};

export const SAMPLE_FILES: Record<BaseVoice, string> = { female: 'female-sample.wav', male: 'male-sample.wav' };

/**
 * Writes female-sample.wav and male-sample.wav into `dir` with this engine. Each file is written to
 * a temporary name and renamed, so a reader never sees half a file. Returns the paths.
 */
export async function writeVoiceSamples(dir: string, engine: SpeechEngine = defaultSpeechEngine()): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const paths: string[] = [];
  for (const voice of ['female', 'male'] as const) {
    const result = await engine.synthesize({ text: SAMPLE_GREETINGS[voice], voice, language: 'ja' });
    const path = join(dir, SAMPLE_FILES[voice]);
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, encodeSyntheticSpeechWav(result.samples, result.sampleRate));
    await rename(partial, path);
    paths.push(path);
  }
  return paths;
}
