// Prints the metrics behind THRESHOLDS (README.md, "Thresholds"): every real English fixture
// against every transcript, the synthetic bad takes, and Japanese takes in Open JTalk voices.
// Run: node --import tsx packages/voice-check/scripts/calibrate.ts
import { checkTake, type CheckTakeResult } from '../src/check-take.ts';
import { decodeTake } from '../src/decode-take.ts';
import { fixtureBytes, fliteReference, openJTalkSpeech, SPEECH_FIXTURES, whiteNoise, type FixtureName } from '../src/testing/fixtures.ts';

const RATE = 16000;
const names = Object.keys(SPEECH_FIXTURES) as FixtureName[];
const row = (label: string, r: CheckTakeResult) => {
  const m = r.metrics;
  console.log(
    `| ${label} | ${r.ok ? `pass ${r.qualityScore}` : r.code} | ${m.speechDbfs} | ${m.snrDb} | ${m.clippingRatio} | ${m.speechMs} (${m.speechShare}) | ${m.durationRatio} | ${m.alignmentRatio ?? '-'} |`,
  );
};
console.log('| take vs text | result | speech dBFS | SNR dB | clipping | VAD speech ms (share) | duration ratio | alignment ratio |');
console.log('|---|---|---|---|---|---|---|---|');
const takes = {} as Record<FixtureName, Float32Array>;
const refs = {} as Record<string, Float32Array>;
for (const n of names) {
  takes[n] = (await decodeTake(fixtureBytes(SPEECH_FIXTURES[n].file))).samples;
  for (const v of ['rms', 'slt'] as const) refs[n + v] = await fliteReference(SPEECH_FIXTURES[n].text, v);
}
for (const text of names) {
  for (const take of names) {
    const r = await checkTake({ samples: takes[take], sampleRate: RATE, text: SPEECH_FIXTURES[text].text, language: 'en', reference: [refs[text + 'rms']!, refs[text + 'slt']!] });
    row(`en ${take} vs "${text}" (refs rms+slt)`, r);
  }
  const own = SPEECH_FIXTURES[text].voice;
  const other = own === 'rms' ? 'slt' : 'rms';
  row(`en ${text} vs "${text}" (other-sex ref ${other} only)`, await checkTake({ samples: takes[text], sampleRate: RATE, text: SPEECH_FIXTURES[text].text, language: 'en', reference: refs[text + other] }));
}
const t = SPEECH_FIXTURES['0870'].text;
const ref = [refs['0870rms']!, refs['0870slt']!];
const bad: Record<string, Float32Array> = {
  'silence 3 s': new Float32Array(RATE * 3),
  'square wave, full scale': Float32Array.from({ length: RATE * 3 }, (_, i) => (Math.floor(i / 40) % 2 ? 1 : -1)),
  '0870 x8, hard-limited': takes['0870'].map((v) => Math.max(-1, Math.min(1, v * 8))),
  '0.2 s of 0870': takes['0870'].slice(RATE, RATE * 1.2),
  'white noise 5 s': whiteNoise(RATE * 5, 0.3),
  '0870 + noise 0 dB': takes['0870'].map((v, i) => v + (whiteNoise(takes['0870'].length, 0.1)[i] ?? 0)),
  '0870 + noise -60 dBFS': takes['0870'].map((v, i) => v + (whiteNoise(takes['0870'].length, 0.0017)[i] ?? 0)),
  '0870 at -40 dB': takes['0870'].map((v) => v * 0.01),
};
for (const [label, samples] of Object.entries(bad)) row(`${label} vs "0870"`, await checkTake({ samples, sampleRate: RATE, text: t, language: 'en', reference: ref }));

const ja = ['週末にミュージカルを見に行くのが、今いちばんの楽しみです。', '留学中の妹から、写真付きの長い手紙が届きました。', 'ちょっと寒いので、窓を閉めてもらえますか。'];
const speakers = { 'Mei -fm -8 -r 0.9 -a 0.5': ['mei', '-fm', '-8', '-r', '0.9', '-a', '0.5'], 'M001 -fm 5 -r 1.1 -a 0.6': ['m001', '-fm', '5', '-r', '1.1', '-a', '0.6'] } as const;
const jaRefs = await Promise.all(ja.map(async (s) => [await openJTalkSpeech(s, 'm001'), await openJTalkSpeech(s, 'mei', ['-fm', '-5'])]));
for (const [name, [voice, ...args]] of Object.entries(speakers)) {
  for (let i = 0; i < ja.length; i++) {
    const samples = await openJTalkSpeech(ja[i]!, voice as 'mei' | 'm001', [...args]);
    for (let j = 0; j < ja.length; j++) {
      row(`ja ${name}: sentence ${i + 1} vs ${j + 1} (refs m001 + mei)`, await checkTake({ samples, sampleRate: RATE, text: ja[j]!, language: 'ja', reference: jaRefs[j]! }));
    }
  }
}
