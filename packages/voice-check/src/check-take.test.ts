import { beforeAll, describe, expect, it } from 'vitest';
import { checkTake, type CheckTakeResult, type TakeFailureCode } from './check-take.ts';
import { THRESHOLDS } from './thresholds.ts';
import { decodeTake } from './decode-take.ts';
import { fixtureBytes, fliteReference, openJTalkSpeech, SPEECH_FIXTURES, whiteNoise, type FixtureName } from './testing/fixtures.ts';

const RATE = 16000;
const names = Object.keys(SPEECH_FIXTURES) as FixtureName[];
const takes = {} as Record<FixtureName, Float32Array>;
const references = {} as Record<FixtureName, Float32Array>;

beforeAll(async () => {
  for (const name of names) {
    const f = SPEECH_FIXTURES[name];
    takes[name] = (await decodeTake(fixtureBytes(f.file))).samples;
    references[name] = await fliteReference(f.text, f.voice);
  }
});

function check(samples: Float32Array, text: FixtureName, reference: Float32Array | Float32Array[] | null = references[text]) {
  return checkTake({ samples, sampleRate: RATE, text: SPEECH_FIXTURES[text].text, language: 'en', reference: reference ?? undefined });
}

function expectFailure(result: CheckTakeResult, code: TakeFailureCode): void {
  expect(result.ok ? 'ok' : result.code, JSON.stringify(result.metrics)).toBe(code);
}

describe('checkTake on real recordings', () => {
  it.each(names)('%s passes against its transcript with the flite reference', async (name) => {
    const result = await check(takes[name], name);
    expect(result.ok, JSON.stringify(result.metrics)).toBe(true);
    if (!result.ok) return;
    expect(result.qualityScore).toBeGreaterThan(0.4);
    expect(result.qualityScore).toBeLessThanOrEqual(1);
    const m = result.metrics;
    expect(m.clippingRatio).toBe(0);
    expect(m.speechShare).toBeGreaterThan(0.8);
    expect(m.snrDb).toBeGreaterThan(14);
    expect(m.alignmentRatio).toBeLessThan(0.65);
    expect(m.durationRatio).toBeGreaterThan(0.8);
    expect(m.vadMethod).toMatch(/WebRTC VAD/);
  });

  it('passes with both default voices as references (the better-aligned one counts)', async () => {
    const male = await fliteReference(SPEECH_FIXTURES.allison.text, 'rms');
    const result = await check(takes.allison, 'allison', [male, references.allison]);
    expect(result.ok).toBe(true);
    const single = await Promise.all([check(takes.allison, 'allison', male), check(takes.allison, 'allison')]);
    expect(result.metrics.alignmentRatio).toBe(Math.min(...single.map((r) => r.metrics.alignmentRatio ?? NaN)));
  });

  it('passes with seconds of room noise before and after the reading (speech span from the VAD)', async () => {
    const pad = RATE * 3;
    const padded = new Float32Array(takes.allison.length + 2 * pad);
    padded.set(takes.allison, pad);
    const noise = whiteNoise(padded.length, 0.005); // about -51 dBFS, too loud for the energy trim
    const result = await check(padded.map((v, i) => v + (noise[i] ?? 0)), 'allison');
    expect(result.ok, JSON.stringify(result.metrics)).toBe(true);
    expect(result.metrics.takeDurationMs).toBeGreaterThan(9000);
    expect(result.metrics.durationMs).toBeLessThan(3400);
  });

  it('passes without a reference, scoring on level, clipping, noise and length only', async () => {
    const result = await check(takes['0920'], '0920', null);
    expect(result.ok).toBe(true);
    expect(result.metrics.alignmentRatio).toBeNull();
    expect(result.metrics.subScores.match).toBeNull();
  });
});

describe('checkTake rejects bad takes with the reason a person can act on', () => {
  it('silence: no speech detected', async () => {
    const result = await check(new Float32Array(RATE * 3), '0870');
    expectFailure(result, 'no_speech');
    if (!result.ok) expect(result.message).toMatch(/No speech was detected/);
  });

  it('a silent upload, trimmed to nothing by decodeTake: no speech detected', async () => {
    const { encodeWaveFromFloat32Channels } = await import('@echogarden/wave-codec');
    const decoded = await decodeTake(encodeWaveFromFloat32Channels([new Float32Array(RATE * 2)], RATE));
    expect(decoded.samples.length).toBe(0);
    expectFailure(await check(decoded.samples, '0870'), 'no_speech');
  });

  it('clipped square wave: move back / lower the gain', async () => {
    const square = Float32Array.from({ length: RATE * 3 }, (_, i) => (Math.floor(i / 40) % 2 ? 1 : -1));
    const result = await check(square, '0870');
    expectFailure(result, 'clipped');
    if (!result.ok) expect(result.message).toMatch(/Move back from the microphone or lower the input gain/);
  });

  it('real speech driven into clipping (x8 gain, hard limited): clipped', async () => {
    const hot = takes['0920'].map((v) => Math.max(-1, Math.min(1, v * 8)));
    expectFailure(await check(hot, '0920'), 'clipped');
  });

  it('a 0.2 s cut of the right recording: too short', async () => {
    const result = await check(takes['0870'].slice(RATE, RATE * 1.2), '0870');
    expectFailure(result, 'too_short');
    if (!result.ok) expect(result.message).toMatch(/Read the whole sentence/);
  });

  it('white noise: too noisy', async () => {
    const result = await check(whiteNoise(RATE * 5, 0.3), '0870');
    expectFailure(result, 'too_noisy');
    if (!result.ok) expect(result.message).toMatch(/quieter room/);
  });

  it('the right sentence under loud noise (about 0 dB SNR): too noisy', async () => {
    const noise = whiteNoise(takes['0870'].length, 0.1);
    expectFailure(await check(takes['0870'].map((v, i) => v + (noise[i] ?? 0)), '0870'), 'too_noisy');
  });

  it('the right sentence with faint noise (-60 dBFS) still passes', async () => {
    const noise = whiteNoise(takes['0870'].length, 0.0017);
    expect((await check(takes['0870'].map((v, i) => v + (noise[i] ?? 0)), '0870')).ok).toBe(true);
  });

  it('the right sentence 40 dB too soft: too quiet', async () => {
    const result = await check(takes['0870'].map((v) => v * 0.01), '0870');
    expectFailure(result, 'too_quiet');
    if (!result.ok) expect(result.message).toMatch(/Move closer to the microphone or speak louder/);
  });

  it('another sentence recorded against this text: does not match', async () => {
    const result = await check(takes['0920'], '0870');
    expectFailure(result, 'does_not_match');
    if (!result.ok) expect(result.message).toMatch(/Read the sentence exactly as written/);
    expect(result.metrics.alignmentRatio).toBeGreaterThan(0.85);
  });

  it('every recording against every other transcript fails: does not match, or too short when it is', async () => {
    const reasons: string[] = [];
    for (const text of names) {
      for (const take of names) {
        if (take === text) continue;
        const result = await check(takes[take], text);
        // A 3 s recording for a 7.5 s sentence is reported as too short first (THRESHOLDS.minDurationRatio).
        const long = result.metrics.durationRatio >= THRESHOLDS.minDurationRatio;
        expectFailure(result, long ? 'does_not_match' : 'too_short');
        reasons.push(result.ok ? 'ok' : result.code);
      }
    }
    expect(reasons.filter((r) => r === 'does_not_match').length).toBeGreaterThanOrEqual(10);
  });
});

describe('checkTake in Japanese (Open JTalk voices as speaker and base voices)', () => {
  const text = '週末にミュージカルを見に行くのが、今いちばんの楽しみです。';
  const other = '留学中の妹から、写真付きの長い手紙が届きました。';

  it('a take of the sentence in another voice passes; a take of another sentence does not match', async () => {
    // Both default voices as references, as the server passes them: the closer one counts.
    const reference = [await openJTalkSpeech(text, 'm001'), await openJTalkSpeech(text, 'mei', ['-fm', '-5'])];
    // The "speaker": Mei lowered further, slower and with another all-pass constant (vocal tract).
    const speaker = ['-fm', '-8', '-r', '0.9', '-a', '0.5'];
    const good = await checkTake({ samples: await openJTalkSpeech(text, 'mei', speaker), sampleRate: RATE, text, language: 'ja', reference });
    expect(good.ok, JSON.stringify(good.metrics)).toBe(true);
    expect(good.metrics.unit).toBe('mora');
    const bad = await checkTake({ samples: await openJTalkSpeech(other, 'mei', speaker), sampleRate: RATE, text, language: 'ja', reference });
    expectFailure(bad, 'does_not_match');
    // A male speaker close to the male base voice reading the wrong sentence: the hardest case.
    const male = await openJTalkSpeech(other, 'm001', ['-fm', '5', '-r', '1.1', '-a', '0.6']);
    expectFailure(await checkTake({ samples: male, sampleRate: RATE, text, language: 'ja', reference }), 'does_not_match');
  });
});
