import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPEN_JTALK_DICTIONARY } from '@avatar-factory/speech';
import { decodeTake } from '../decode-take.ts';
import { openJTalkVoicePath } from '../front-end/open-jtalk-phonemes.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository's one copy of the real speech recordings (fixtures/speech/README.md). */
export const FIXTURES_DIR = join(here, '../../../../fixtures/speech');

/** Real English recordings with their transcripts (fixtures/speech/README.md) and the flite voice of the same sex. */
export const SPEECH_FIXTURES = {
  '0870': {
    file: 'pocketsphinx_librivox_0870.wav',
    text: 'and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them',
    voice: 'rms',
  },
  '0920': {
    file: 'pocketsphinx_librivox_0920.wav',
    text: 'had he married a more a amiable woman he might have been made still more respectable than he was',
    voice: 'rms',
  },
  cards: { file: 'pocketsphinx_cards_005.wav', text: 'eight of spades four of clubs seven of hearts', voice: 'rms' },
  allison: { file: 'asterisk_allison_conf-onlyperson.wav', text: 'You are currently the only person in this conference.', voice: 'slt' },
} as const;
export type FixtureName = keyof typeof SPEECH_FIXTURES;

export function fixtureBytes(file: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES_DIR, file)));
}

function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'voice-check-test-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text rendered by Debian flite (the same engine as our English default voices), decoded as a take. */
export async function fliteReference(text: string, voice: 'rms' | 'slt'): Promise<Float32Array> {
  const bytes = withTempDir((dir) => {
    const out = join(dir, 'ref.wav');
    execFileSync('flite', ['-voice', voice, '-t', text, '-o', out]);
    return new Uint8Array(readFileSync(out));
  });
  return (await decodeTake(bytes)).samples;
}

/** The text rendered by Open JTalk with Mei or M001 (HTS voices from the speech package's assets). */
export async function openJTalkSpeech(text: string, voice: 'mei' | 'm001', extraArgs: string[] = []): Promise<Float32Array> {
  const voiceFile = voice === 'm001' ? openJTalkVoicePath() : join(dirname(dirname(openJTalkVoicePath())), 'mei/mei_normal.htsvoice');
  const bytes = withTempDir((dir) => {
    const out = join(dir, 'ja.wav');
    execFileSync('open_jtalk', ['-x', OPEN_JTALK_DICTIONARY, '-m', voiceFile, '-g', '-6', ...extraArgs, '-ow', out], { input: text });
    return new Uint8Array(readFileSync(out));
  });
  return (await decodeTake(bytes)).samples;
}

/** Deterministic uniform noise in [-amplitude, amplitude] (LCG, Numerical Recipes constants). */
export function whiteNoise(length: number, amplitude: number, seed = 12345): Float32Array {
  let state = seed >>> 0;
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out[i] = (state / 2 ** 32) * 2 * amplitude - amplitude;
  }
  return out;
}
