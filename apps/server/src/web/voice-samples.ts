import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SAMPLE_FILES, writeVoiceSamples, type SpeechEngine } from '@avatar-factory/speech';

/**
 * Makes {base}/voices/female-sample.wav and male-sample.wav with our own speech engine on first
 * start (they are not committed binaries). The server waits for it (about half a second, once)
 * before it listens, so a page opened as soon as /api/health answers never misses a sample; a
 * failure is logged and does not stop the server.
 */
export async function ensureVoiceSamples(dir: string, engine: SpeechEngine, log: Pick<FastifyBaseLogger, 'info' | 'error'>): Promise<void> {
  const missing = Object.values(SAMPLE_FILES).some((file) => !fs.existsSync(path.join(dir, file)));
  if (!missing) return;
  try {
    log.info({ files: await writeVoiceSamples(dir, engine) }, 'voice samples written');
  } catch (error) {
    log.error({ err: error }, 'could not write the voice samples');
  }
}
