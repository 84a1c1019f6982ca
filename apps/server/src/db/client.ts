import path from 'node:path';
import fs from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * PostgreSQL when a URL is given (scale-out: API and worker processes share it), otherwise an
 * embedded PGlite database in `dataDir` (one process only), or in memory, empty or started from a
 * dump (`startFrom`, see migratedPgliteDump). Migrations are applied either way.
 * See docs/adr/0001-pglite-and-postgres.md.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string; inMemory?: boolean; startFrom?: Blob }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client's connection can be cut (server restart, admin command): pg then emits 'error'
    // on the pool, which would crash the process without a listener. The pool replaces the client.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: once(() => pool.end()) };
  }
  let dbDir: string | undefined;
  if (!options.inMemory) {
    dbDir = path.join(options.dataDir ?? './data', 'pglite');
    await fs.mkdir(dbDir, { recursive: true });
  }
  const { client, db } = await openPglite(dbDir, options.startFrom);
  return { db, kind: 'pglite', close: once(() => client.close()) };
}

/**
 * A dump of an empty in-memory PGlite database with every migration applied, for openDatabase's
 * startFrom: loading it took 0.8 s, creating and migrating a database 2.3-3.9 s (the API tests
 * start every test file's database from one).
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const { client } = await openPglite(undefined);
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPglite(dbDir: string | undefined, startFrom?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite({ dataDir: dbDir, loadDataDir: startFrom });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { client, db: db as unknown as Database };
}

/** Closing twice (a shutdown racing a failed start, a test that closed it on purpose) is a no-op. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closed: Promise<void> | undefined;
  return () => (closed ??= close());
}
