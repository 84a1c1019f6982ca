import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SAMPLE_FILES, writeVoiceSamples, type SpeechEngine } from '@avatar-factory/speech';

/**
 * Makes {base}/voices/female-sample.wav and male-sample.wav with our own speech engine on first
 * start (they are not committed binaries). Runs in the background: the server answers meanwhile.
 */
export function ensureVoiceSamples(dir: string, engine: SpeechEngine, log: Pick<FastifyBaseLogger, 'info' | 'error'>): void {
  const missing = Object.values(SAMPLE_FILES).some((file) => !fs.existsSync(path.join(dir, file)));
  if (!missing) return;
  writeVoiceSamples(dir, engine)
    .then((files) => log.info({ files }, 'voice samples written'))
    .catch((error: unknown) => log.error({ err: error }, 'could not write the voice samples'));
}
