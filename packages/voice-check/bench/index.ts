import { loadavg } from 'node:os';
import { decodeWaveToFloat32Channels, encodeWaveFromFloat32Channels } from '@echogarden/wave-codec';
import { resample } from '@avatar-factory/audio';
import { checkTake } from '../src/check-take.ts';
import { checkUploadedTake } from '../src/check-uploaded-take.ts';
import { decodeTake } from '../src/decode-take.ts';
import { fixtureBytes, fliteReference, SPEECH_FIXTURES } from '../src/testing/fixtures.ts';

type Row = { name: string; value: number; unit: string; goal?: string };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Wall and CPU time (this process only) of one call. */
async function measure(work: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * Per-take check time for a 5 s take: the first 5 s of a real 16 kHz recording (0920), uploaded as
 * a 44.1 kHz stereo WAV so decoding, downmix and resampling are all exercised.
 */
export async function benchRows(): Promise<Row[]> {
  const f = SPEECH_FIXTURES['0920'];
  const mono = (decodeWaveToFloat32Channels(fixtureBytes(f.file)).audioChannels[0] as Float32Array).slice(0, 16000 * 5);
  const at44 = await resample(mono, 16000, 44100);
  const upload = encodeWaveFromFloat32Channels([at44, at44], 44100);
  const references = [await fliteReference(f.text, 'rms'), await fliteReference(f.text, 'slt')];

  const checkOnly: Array<{ wallMs: number; cpuMs: number }> = [];
  const whole: Array<{ wallMs: number; cpuMs: number }> = [];
  for (let run = 0; run < 5; run++) {
    checkOnly.push(
      await measure(async () => {
        const take = await decodeTake(upload);
        await checkTake({ samples: take.samples, sampleRate: take.sampleRate, text: f.text, language: 'en', reference: references });
      }),
    );
  }
  for (let run = 0; run < 3; run++) whole.push(await measure(() => checkUploadedTake(upload, f.text, 'en')));
  return [
    { name: 'voice-check: decode + check of a 5 s take (2 references given), wall', value: Math.round(median(checkOnly.map((m) => m.wallMs))), unit: 'ms', goal: '<= 1000' },
    { name: 'voice-check: decode + check of a 5 s take (2 references given), CPU', value: Math.round(median(checkOnly.map((m) => m.cpuMs))), unit: 'ms', goal: '<= 1000' },
    { name: 'voice-check: checkUploadedTake, 5 s take incl. rendering both default voices, wall', value: Math.round(median(whole.map((m) => m.wallMs))), unit: 'ms' },
    { name: 'voice-check: load average (1 min) during the run', value: Math.round((loadavg()[0] ?? 0) * 100) / 100, unit: '' },
  ];
}
