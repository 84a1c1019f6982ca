import { spawnSync } from 'node:child_process';
import { isSpeechError } from '../errors.ts';
import { FLITE_HINT, htsVoicePath, OPEN_JTALK_HINT, openJtalkDictionary, type SpeechAssets } from './config.ts';

export interface SpeechRequirements {
  ok: boolean;
  /** One line per problem, each saying how to fix it. */
  problems: string[];
}

/**
 * Checks what synthesis needs before the first request does: the two binaries, the Open JTalk
 * dictionary, the HTS voices and flite's slt/rms voices. For start-up logs and the setup script.
 */
export function checkSpeechRequirements(assets: SpeechAssets = {}): SpeechRequirements {
  const problems: string[] = [];
  const openJtalk = spawnSync('open_jtalk', [], { encoding: 'utf8', timeout: 5000 });
  if (openJtalk.error) problems.push(`open_jtalk not found (${OPEN_JTALK_HINT})`);
  const flite = spawnSync('flite', ['-lv'], { encoding: 'utf8', timeout: 5000 });
  if (flite.error) problems.push(`flite not found (${FLITE_HINT})`);
  else if (!/\bslt\b/.test(flite.stdout) || !/\brms\b/.test(flite.stdout)) problems.push(`flite lacks the slt and rms voices (has: ${flite.stdout.trim()}; ${FLITE_HINT})`);
  for (const check of [() => openJtalkDictionary(assets.openJTalkDictionary), () => htsVoicePath('female', assets.voicesDir), () => htsVoicePath('male', assets.voicesDir)]) {
    try {
      check();
    } catch (error) {
      problems.push(isSpeechError(error) ? error.message : String(error));
    }
  }
  return { ok: problems.length === 0, problems };
}
