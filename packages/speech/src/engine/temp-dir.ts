import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Prefix of every temporary folder this package makes (tests count them). */
export const TEMP_PREFIX = 'af-speech-';

/**
 * Runs `work` with a fresh private folder and removes the folder afterwards, whatever happens.
 * The engines write WAV and trace files there: Node's child pipes are sockets, which open_jtalk
 * cannot open as /dev/stdout.
 */
export async function withTempDir<T>(work: (dir: string) => Promise<T>, root: string = tmpdir()): Promise<T> {
  const dir = await mkdtemp(join(root, TEMP_PREFIX));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
