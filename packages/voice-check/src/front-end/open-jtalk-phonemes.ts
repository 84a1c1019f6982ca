import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const DICTIONARY = process.env.OPEN_JTALK_DIC ?? '/var/lib/mecab/dic/open-jtalk/naist-jdic';

/**
 * Open JTalk refuses to run without an HTS voice even for front-end output; any voice gives the
 * same labels. We use the one that @avatar-factory/speech's prepare-assets extracts.
 */
export function openJTalkVoicePath(): string {
  const dir = resolve(process.env.SPEECH_VOICES_DIR ?? join(here, '../../../../.vendor/speech/voices'));
  const voice = join(dir, 'm001/nitech_jp_atr503_m001.htsvoice');
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

/** Runs the Debian `open_jtalk` front end (via its `-ot` trace) on one text. */
export async function openJTalkPhonemes(text: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'voice-check-ojt-'));
  try {
    const input = join(dir, 'in.txt');
    const trace = join(dir, 'trace.txt');
    writeFileSync(input, text);
    // -r 4 (4x speaking rate) only shortens the waveform we throw away: the labels are identical
    // and the call costs a third of the CPU.
    await run('open_jtalk', ['-x', DICTIONARY, '-m', openJTalkVoicePath(), '-r', '4', '-ot', trace, '-ow', '/dev/null', input]);
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
