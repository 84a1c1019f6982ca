import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJtalkArgs } from '../src/ja/open-jtalk.ts';
import { createSpeechEngine } from '../src/synthesize.ts';
import type { BaseVoice, SpeechLanguage } from '../src/types.ts';

type Row = { name: string; value: number; unit: string; goal?: string };

const TEXTS: Record<SpeechLanguage, string> = {
  ja: '今日はいい天気ですね。一緒に公園まで散歩に行きましょう。帰りに駅前のお店でコーヒーを飲みませんか。',
  en: 'The quick brown fox jumps over the lazy dog. We walked to the park in the morning. Would you like a cup of coffee on the way home?',
};
/** 30 characters, one clause mark: the length of a typical first line on the public avatar page. */
export const FIRST_AUDIO_TEXT = '今日はとても良い天気なので、近くの公園まで歩いて行きたいな。';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/** Real-time factor per voice and language, time to first audio, peak memory. */
export async function benchRows(): Promise<Row[]> {
  const engine = createSpeechEngine();
  const rows: Row[] = [];
  await engine.synthesize({ text: TEXTS.ja, voice: 'female' }); // warm the page cache and the resampler

  for (const language of ['ja', 'en'] as const) {
    for (const voice of ['female', 'male'] as const satisfies BaseVoice[]) {
      const factors: number[] = [];
      for (let run = 0; run < 3; run++) {
        const [result, ms] = await timed(() => engine.synthesize({ text: TEXTS[language], voice, language }));
        factors.push(ms / result.durationMs);
      }
      rows.push({ name: `speech: real-time factor, ${language} ${voice}`, value: round(median(factors), 3), unit: 'x', goal: '< 0.2' });
    }
  }

  const firstAudio: number[] = [];
  const wholeSentence: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const stream = engine.synthesizeSentences({ text: FIRST_AUDIO_TEXT, voice: 'female', language: 'ja' });
    await stream.next();
    firstAudio.push(performance.now() - start);
    await stream.return(undefined);
    wholeSentence.push((await timed(() => engine.synthesize({ text: FIRST_AUDIO_TEXT, voice: 'female', language: 'ja' })))[1]);
  }
  rows.push({ name: `speech: first audio, ${FIRST_AUDIO_TEXT.length}-char ja sentence (streamed)`, value: Math.round(median(firstAudio)), unit: 'ms', goal: '<= 250' });
  rows.push({ name: `speech: whole ${FIRST_AUDIO_TEXT.length}-char ja sentence (synthesize)`, value: Math.round(median(wholeSentence)), unit: 'ms' });

  rows.push({ name: 'speech: peak RSS of the Node process', value: Math.round(process.resourceUsage().maxRSS / 1024), unit: 'MB' });
  // CPU time of the engine alone does not depend on how busy the machine is, unlike wall time.
  const firstClause = FIRST_AUDIO_TEXT.slice(0, FIRST_AUDIO_TEXT.indexOf('、') + 1);
  const clauseUsage = [0, 1, 2].map(() => openJtalkUsage(firstClause));
  const sentenceUsage = openJtalkUsage(TEXTS.ja);
  if (clauseUsage[0] && sentenceUsage) {
    rows.push({ name: 'speech: CPU time of open_jtalk for the first clause (first audio without contention)', value: Math.round(median(clauseUsage.map((u) => u?.cpuMs ?? NaN))), unit: 'ms', goal: '<= 250' });
    rows.push({ name: 'speech: CPU-time real-time factor of open_jtalk (Mei, 3 sentences)', value: round(sentenceUsage.cpuMs / sentenceUsage.audioMs, 3), unit: 'x' });
    rows.push({ name: 'speech: peak RSS of one open_jtalk process', value: sentenceUsage.rssMb, unit: 'MB' });
  }
  // Wall-clock figures depend on what else runs: say how busy the machine was.
  rows.push({ name: `speech: load average (1 min) during the run, ${cpus().length} cores`, value: round(loadavg()[0] ?? 0, 2), unit: '' });
  return rows;
}

/** GNU time's figures for one open_jtalk run (null when /usr/bin/time is absent). */
function openJtalkUsage(text: string): { cpuMs: number; rssMb: number; audioMs: number } | null {
  if (!existsSync('/usr/bin/time')) return null;
  const dir = mkdtempSync(join(tmpdir(), 'af-speech-bench-'));
  try {
    const input = join(dir, 'input.txt');
    writeFileSync(input, `${text}\n`);
    const run = spawnSync('/usr/bin/time', ['-f', '%U %S %M', 'open_jtalk', ...openJtalkArgs('female', { input, wav: join(dir, 'out.wav'), trace: join(dir, 'trace.txt') })], { encoding: 'utf8' });
    const [user = NaN, system = NaN, kb = NaN] = (run.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
    const audioMs = ((statSync(join(dir, 'out.wav')).size - 44) / 2 / 48000) * 1000;
    return Number.isFinite(kb) ? { cpuMs: (user + system) * 1000, rssMb: round(kb / 1024, 1), audioMs } : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
function round(value: number, digits = 0): number {
  return Number(value.toFixed(digits));
}
