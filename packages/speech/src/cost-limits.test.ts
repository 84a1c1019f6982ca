import { describe, expect, it } from 'vitest';
import { createSpeechEngine } from './synthesize.ts';
import type { SynthesisResult } from './types.ts';

/**
 * With the real engines: a request's engine calls and audio length are bounded,
 * not only its characters. Japanese-only text: one result is one open_jtalk run.
 */
const engine = createSpeechEngine();

async function collect(stream: AsyncGenerator<SynthesisResult>) {
  const results: SynthesisResult[] = [];
  for await (const result of stream) results.push(result);
  return results;
}

describe('cost limits of one request', () => {
  it('"あ。" x 100 starts at most maxEngineCalls engine runs and says every あ', async () => {
    const started = performance.now();
    const results = await collect(engine.synthesizeSentences({ text: 'あ。'.repeat(100), voice: 'female', language: 'auto', limits: { maxEngineCalls: 6 } }));
    const ms = performance.now() - started;
    expect(results.length).toBeLessThanOrEqual(6);
    expect(results.map((result) => result.text).join('').match(/あ/g)).toHaveLength(100);
    console.info(`"あ。" x 100 in ${results.length} runs: ${Math.round(ms)} ms, ${Math.round(results.reduce((sum, r) => sum + r.durationMs, 0))} ms of audio`);
  });

  it('stops the speech at maxOutputMs, cutting the last part and its timings', async () => {
    const text = '今日はとてもいい天気ですね。一緒に散歩に行きましょう。公園の桜がきれいに咲いています。';
    const whole = await engine.synthesize({ text, voice: 'female' });
    expect(whole.durationMs).toBeGreaterThan(5000);
    const capped = await engine.synthesize({ text, voice: 'female', limits: { maxOutputMs: 2500 } });
    expect(capped.durationMs).toBeLessThanOrEqual(2500);
    expect(capped.durationMs).toBeGreaterThan(2000);
    expect(capped.samples.length).toBe(Math.round((capped.durationMs / 1000) * capped.sampleRate));
    for (const track of [capped.phonemes, capped.visemes]) expect(track.at(-1)!.endMs).toBeLessThanOrEqual(capped.durationMs);

    const streamed = await collect(engine.synthesizeSentences({ text, voice: 'female', limits: { maxOutputMs: 2500 } }));
    expect(streamed.reduce((sum, result) => sum + result.durationMs, 0)).toBeLessThanOrEqual(2500);
  });
});
