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

/**
 * Where the engine finds its files. The package reads no environment variable: the application
 * passes its settings (the server's SPEECH_VOICES_DIR and SPEECH_OPEN_JTALK_DIC) here.
 */
export interface SpeechAssets {
  /** Folder holding the HTS voices (default .vendor/speech/voices, filled by prepare-assets). */
  voicesDir?: string;
  /** Open JTalk's dictionary folder (default Debian's open-jtalk-mecab-naist-jdic). */
  openJTalkDictionary?: string;
}

/** Path of the HTS voice for `voice`, or a SpeechError 'voices_missing' that says how to get it. */
export function htsVoicePath(voice: BaseVoice, dir: string = DEFAULT_VOICES_DIR): string {
  const path = join(dir, HTS_VOICE_FILES[voice]);
  if (!existsSync(path)) {
    throw new SpeechError('voices_missing', `HTS voice missing at ${path}: run \`npm run prepare-assets -w @avatar-factory/speech\` (or set SPEECH_VOICES_DIR)`);
  }
  return path;
}

export function openJtalkDictionary(dir: string = OPEN_JTALK_DICTIONARY): string {
  if (!existsSync(join(dir, 'sys.dic'))) {
    throw new SpeechError('engine_missing', `Open JTalk dictionary missing at ${dir} (${OPEN_JTALK_HINT})`);
  }
  return dir;
}
