#!/usr/bin/env node
// `npm test`: every test stage in order, then one summary line 'N passed, N failed'.
// Stages: typecheck, lint, unit, API on PGlite, API on PostgreSQL, build, browser (e2e).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'af-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];

function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : `FAILED (exit ${result.status})`} in ${seconds} s`);
  if (result.status !== 0) failedStages.push(name);
  return result.status === 0;
}

function vitest(name, project, env = {}) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const ok = step(name, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  } catch {
    if (!ok) totals.failed += 1;
  }
}

function postgresReachable() {
  return spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
}

step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
step('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
vitest('unit tests', 'unit');
vitest('API tests on PGlite', 'api', { DB_KIND: 'pglite' });
if (postgresReachable()) {
  vitest('API tests on PostgreSQL', 'api', { DB_KIND: 'postgres' });
} else if (process.env.CI === 'true') {
  console.error('\n!!! PostgreSQL on 127.0.0.1:5432 is not reachable and CI=true: the PostgreSQL API tests must run.');
  failedStages.push('API tests on PostgreSQL');
  totals.failed += 1;
} else {
  console.warn('\n!!!!!!!! PostgreSQL on 127.0.0.1:5432 is not reachable: SKIPPING the PostgreSQL API tests. !!!!!!!!');
}
if (step('build web app', 'npm', ['run', 'build', '--silent'])) {
  vitest('browser tests (Chromium)', 'e2e');
}

fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`\nStages failed: ${failedStages.length ? failedStages.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length || totals.failed ? 1 : 0);
