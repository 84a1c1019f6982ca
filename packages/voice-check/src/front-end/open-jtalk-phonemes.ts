import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_VOICES_DIR, OPEN_JTALK_DICTIONARY, type SpeechAssets } from '@avatar-factory/speech';

const run = promisify(execFile);

/**
 * Open JTalk refuses to run without an HTS voice even for front-end output; any voice gives the
 * same labels. We use the one that @avatar-factory/speech's prepare-assets extracts.
 */
export function openJTalkVoicePath(voicesDir: string = DEFAULT_VOICES_DIR): string {
  const voice = join(voicesDir, 'm001/nitech_jp_atr503_m001.htsvoice');
  if (!existsSync(voice)) throw new Error(`Open JTalk voice not found at ${voice}: run "npm run prepare-assets -w @avatar-factory/speech"`);
  return voice;
}

/** Phoneme sequence of Open JTalk's full-context labels (`-ot` trace): the p3 field of each line. */
export function parseTracePhonemes(trace: string): string[] {
  const out: string[] = [];
  const section = trace.split('[Output label]')[1]?.split('[Global parameter]')[0] ?? '';
  for (const line of section.split('\n')) {
    const m = /^\d+ \d+ [^^]+\^[^-]+-([^+]+)\+/.exec(line.trim());
    if (m?.[1]) out.push(m[1]);
  }
  return out;
}

/** Runs the Debian `open_jtalk` front end (via its `-ot` trace) on one text, with the speech engine's assets. */
export async function openJTalkPhonemes(text: string, assets: SpeechAssets = {}): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'voice-check-ojt-'));
  try {
    const input = join(dir, 'in.txt');
    const trace = join(dir, 'trace.txt');
    writeFileSync(input, text);
    // -r 4 (4x speaking rate) only shortens the waveform we throw away: the labels are identical
    // and the call costs a third of the CPU.
    await run('open_jtalk', ['-x', assets.openJTalkDictionary ?? OPEN_JTALK_DICTIONARY, '-m', openJTalkVoicePath(assets.voicesDir), '-r', '4', '-ot', trace, '-ow', '/dev/null', input]);
    return parseTracePhonemes(readFileSync(trace, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const VOWELS = new Set(['a', 'i', 'u', 'e', 'o']);

/**
 * Groups Open JTalk phonemes into morae: (consonant) + vowel, the moraic nasal N, the geminate
 * cl; devoiced vowels (A I U E O) count as their voiced mora; pauses are dropped.
 */
export function phonemesToMorae(phonemes: string[]): string[] {
  const morae: string[] = [];
  let onset = '';
  for (const raw of phonemes) {
    if (raw === 'sil' || raw === 'pau') {
      onset = '';
      continue;
    }
    const p = ['A', 'I', 'U', 'E', 'O'].includes(raw) ? raw.toLowerCase() : raw;
    if (p === 'N' || p === 'cl') {
      morae.push(p);
      onset = '';
    } else if (VOWELS.has(p)) {
      morae.push(onset + p);
      onset = '';
    } else {
      onset = p;
    }
  }
  return morae;
}
