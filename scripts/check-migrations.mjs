#!/usr/bin/env node
// Fails when the Drizzle schema (apps/server/src/db/schema.ts) and the committed migrations
// (apps/server/drizzle) disagree: drizzle-kit checks the migrations' history, then generates from
// the schema into a copy of the folder; any new file there is a schema change without a migration.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../apps/server');
const migrations = path.join(server, 'drizzle');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'af-migrations-'));

function drizzleKit(args) {
  const result = spawnSync('npx', ['drizzle-kit', ...args], { cwd: server, encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(`drizzle-kit ${args[0]} failed:\n${result.stdout}\n${result.stderr}`);
    process.exit(1);
  }
  return result.stdout;
}

try {
  drizzleKit(['check']);
  fs.cpSync(migrations, copy, { recursive: true });
  // drizzle-kit reads --out as relative to the working folder.
  drizzleKit(['generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', path.relative(server, copy), '--name', 'unmigrated']);
  const added = fs.readdirSync(copy).filter((file) => !fs.existsSync(path.join(migrations, file)));
  if (added.length > 0) {
    console.error(`The schema has changes no migration covers (drizzle-kit would write ${added.join(', ')}).\nRun: cd apps/server && npx drizzle-kit generate --name <what-changed>`);
    process.exit(1);
  }
  console.log('migrations match the schema');
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
