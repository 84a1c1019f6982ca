import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of an empty PGlite database with every migration applied; empty on PostgreSQL. */
    migratedPglite: string;
  }
}

/**
 * Vitest global setup of the API tests on PGlite: the migrations are applied once, to an in-memory
 * database whose dump every test file's database then starts from (createTestDatabase). The API
 * tests create about 40 databases: the PGlite pass took 383 s against PostgreSQL's 276, and 208 s
 * with the dump.
 */
export default async function setup(project: TestProject) {
  if (process.env.DB_KIND === 'postgres') {
    project.provide('migratedPglite', '');
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'af-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('migratedPglite', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}
