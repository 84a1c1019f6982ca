import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * All product files (photos, takes, rigs, voice models) go through this module. Keys are made by
 * the server from ids (never from user input) and checked against a strict pattern, so no request
 * can name a path outside the storage root.
 */
export interface Storage {
  put(key: string, data: Buffer | Uint8Array): Promise<void>;
  putStream(key: string, stream: Readable): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Removes a key, or every key under a prefix ending in '/'. */
  remove(keyOrPrefix: string): Promise<void>;
  /** Absolute path for engines that need a file (e.g. streaming to a child process). */
  pathOf(key: string): string;
  /** Writes, reads back and removes a small file: throws when the storage cannot be used. */
  probe(): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)*\/?$/;

export class StorageKeyError extends Error {}

export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new StorageKeyError(`invalid storage key: ${key}`);
    }
    return path.join(base, key);
  };
  const ensureParent = (file: string) => fsp.mkdir(path.dirname(file), { recursive: true });
  return {
    async put(key, data) {
      const file = resolve(key);
      await ensureParent(file);
      const temp = `${file}.${process.pid}.tmp`;
      await fsp.writeFile(temp, data);
      await fsp.rename(temp, file);
    },
    async putStream(key, stream) {
      const file = resolve(key);
      await ensureParent(file);
      const temp = `${file}.${process.pid}.tmp`;
      try {
        await pipeline(stream, fs.createWriteStream(temp));
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    get: (key) => fsp.readFile(resolve(key)),
    async exists(key) {
      try {
        await fsp.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    remove: (keyOrPrefix) => fsp.rm(resolve(keyOrPrefix), { recursive: true, force: true }),
    pathOf: resolve,
    async probe() {
      const key = `ready-probe/${process.pid}-${randomUUID()}`;
      const data = Buffer.from('ok');
      try {
        await this.put(key, data);
        if (!(await this.get(key)).equals(data)) throw new Error('storage read back different bytes');
      } finally {
        await this.remove(key).catch(() => undefined);
      }
    },
  };
}
