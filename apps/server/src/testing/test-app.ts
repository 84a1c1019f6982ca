import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tokenResponseSchema } from '@avatar-factory/contracts';
import { buildApp, type App } from '../app';
import { buildCore } from '../core';
import { loadConfig, type Config } from '../config';
import { createTestDatabase } from './test-database';

export interface TestApp extends App {
  config: Config;
  dataDir: string;
  databaseUrl?: string;
  /** Registers a fresh user and answers its bearer header. */
  signUp(email?: string, password?: string): Promise<{ email: string; authorization: string }>;
  close(): Promise<void>;
}

/** The whole real app over a fresh database and data folder, for `inject()`-style API tests. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'af-api-'));
  const database = await createTestDatabase();
  // Tests sign up many users from one address: the registration limit has its own test.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web'), REGISTER_RATE_LIMIT: '10000', ...env });
  const app = await buildApp(await buildCore({ config, database }));
  await app.server.ready();
  return {
    ...app,
    config,
    dataDir,
    databaseUrl: database.url,
    async signUp(email = `user-${randomBytes(4).toString('hex')}@example.com`, password = 'correct horse battery') {
      const created = await app.server.inject({ method: 'POST', url: '/api/users', payload: { email, password } });
      if (created.statusCode !== 201) throw new Error(`sign-up failed: ${created.statusCode} ${created.body}`);
      const token = await app.server.inject({ method: 'POST', url: '/api/token', payload: new URLSearchParams({ username: email, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const { access_token } = tokenResponseSchema.parse(token.json());
      return { email, authorization: `Bearer ${access_token}` };
    },
    async close() {
      await app.server.close();
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
