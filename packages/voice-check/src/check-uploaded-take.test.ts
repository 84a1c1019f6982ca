import { describe, expect, it } from 'vitest';
import { encodeWaveFromFloat32Channels } from '@echogarden/wave-codec';
import { synthesize } from '@avatar-factory/speech';
import { checkUploadedTake } from './check-uploaded-take.ts';
import { baseVoiceReferences } from './base-voice-references.ts';
import { TakeError } from './errors.ts';
import { fixtureBytes, SPEECH_FIXTURES } from './testing/fixtures.ts';
import { estimateMorae } from './analysis/expected-length.ts';

describe('checkUploadedTake (decode + speech engine references + check)', () => {
  it('passes a real English recording against its transcript and fails it against another', async () => {
    const good = await checkUploadedTake(fixtureBytes(SPEECH_FIXTURES.allison.file), SPEECH_FIXTURES.allison.text, 'en');
    expect(good.ok, JSON.stringify(good.metrics)).toBe(true);
    expect(good.metrics.expectedUnits).toBe(15); // flite's vowels: you are cur-rent-ly the on-ly per-son in this con-fer-ence
    const bad = await checkUploadedTake(fixtureBytes(SPEECH_FIXTURES['0920'].file), SPEECH_FIXTURES.cards.text, 'en');
    expect(bad.ok ? 'ok' : bad.code).toBe('does_not_match');
  });

  it('counts morae from the engine phonemes for Japanese, close to the kana estimate', async () => {
    const text = 'ちょっと寒いので、窓を閉めてもらえますか。';
    const refs = await baseVoiceReferences(text, 'ja');
    expect(refs.references).toHaveLength(2);
    expect(refs.expectedUnits).toBe(20); // cho cl to sa mu i no de ma do o shi me te mo ra e ma su ka
    expect(Math.abs(estimateMorae(text) - refs.expectedUnits)).toBeLessThan(2);
  });

  it('a Japanese take in a changed default voice passes as a WAV upload; silence fails', async () => {
    const text = '部屋の掃除を済ませてから、ゆっくりお風呂に入ります。';
    // The speaker: the male default voice, pitched up 20 % and 15 % slower by plain resampling
    // (which also shifts the formants), so it is not the reference voice.
    const base = await synthesize({ text, voice: 'male', language: 'ja' });
    const wav = encodeWaveFromFloat32Channels([base.samples], Math.round(base.sampleRate * 0.85));
    const result = await checkUploadedTake(wav, text, 'ja');
    expect(result.ok, JSON.stringify(result.metrics)).toBe(true);
    const silent = await checkUploadedTake(encodeWaveFromFloat32Channels([new Float32Array(48000)], 48000), text, 'ja');
    expect(silent.ok ? 'ok' : silent.code).toBe('no_speech');
  });

  it('throws a typed error before rendering anything for a non-WAV upload', async () => {
    await expect(checkUploadedTake(new TextEncoder().encode('not a wav '.repeat(10)), 'hello', 'en')).rejects.toBeInstanceOf(TakeError);
  });
});
