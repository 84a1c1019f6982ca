import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';

/** Which database the API tests run on: DB_KIND=pglite (default) or DB_KIND=postgres. */
export const testDbKind = process.env.DB_KIND === 'postgres' ? 'postgres' : 'pglite';
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, empty database for one test file: in-memory PGlite (started from the migrated dump the
 * API tests' global setup made, see migrated-pglite.ts), or a new PostgreSQL database that is
 * dropped again on close, so test files never see each other's rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testDbKind === 'pglite') return openDatabase({ inMemory: true, startFrom: await migratedPglite() });
  const name = `af_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = postgresAdminUrl.replace(/\/[^/]*$/, `/${name}`);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

let migratedDump: Promise<Blob | undefined> | undefined;

/**
 * The migrated dump the API tests' global setup left, if any (`npm run openapi` runs outside
 * Vitest), read once per test file: several files open a database per test, and the dump is 40 MB.
 */
function migratedPglite(): Promise<Blob | undefined> {
  const file = process.env.VITEST ? inject('migratedPglite') : undefined;
  return (migratedDump ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined));
}
