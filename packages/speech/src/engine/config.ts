import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpeechError } from '../errors.ts';
import type { BaseVoice } from '../types.ts';

export const DEFAULT_VOICES_DIR = fileURLToPath(new URL('../../../../.vendor/speech/voices', import.meta.url));
export const OPEN_JTALK_DICTIONARY = '/var/lib/mecab/dic/open-jtalk/naist-jdic';
export const OPEN_JTALK_HINT = 'apt-get install open-jtalk open-jtalk-mecab-naist-jdic';
export const FLITE_HINT = 'apt-get install flite';

const HTS_VOICE_FILES: Record<BaseVoice, string> = {
  female: 'mei/mei_normal.htsvoice',
  male: 'm001/nitech_jp_atr503_m001.htsvoice',
};

export function voicesDir(): string {
  return process.env.SPEECH_VOICES_DIR || DEFAULT_VOICES_DIR;
}

/** Path of the HTS voice for `voice`, or a SpeechError 'voices_missing' that says how to get it. */
export function htsVoicePath(voice: BaseVoice, dir: string = voicesDir()): string {
  const path = join(dir, HTS_VOICE_FILES[voice]);
  if (!existsSync(path)) {
    throw new SpeechError('voices_missing', `HTS voice missing at ${path}: run \`npm run prepare-assets -w @avatar-factory/speech\` (or set SPEECH_VOICES_DIR)`);
  }
  return path;
}

export function openJtalkDictionary(): string {
  const dir = process.env.SPEECH_OPEN_JTALK_DIC || OPEN_JTALK_DICTIONARY;
  if (!existsSync(join(dir, 'sys.dic'))) {
    throw new SpeechError('engine_missing', `Open JTalk dictionary missing at ${dir} (${OPEN_JTALK_HINT})`);
  }
  return dir;
}
