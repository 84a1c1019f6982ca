#!/usr/bin/env node
// `npm test`: every test stage in order, then one summary line 'N passed, N failed'.
// Stages: typecheck and lint (side by side), knip and migrations vs schema (side by side), unit,
// API on PGlite and on PostgreSQL (side by side), build, browser (e2e). The two API passes run at
// the same time: each runs its files one after another and spends much of its time waiting (jobs,
// child processes, the database), so together they use the two cores that one pass leaves half
// idle. The whole run must stay under 20 minutes on a 2-core machine.
import { spawn, spawnSync } from 'node:child_process';
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

function vitestArgs(name, project) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  return { report, args: ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`] };
}

function vitest(name, project, env = {}) {
  const { report, args } = vitestArgs(name, project);
  countReport(report, step(name, 'npx', args, env));
}

function countReport(report, ok) {
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  } catch {
    if (!ok) totals.failed += 1;
  }
}

/**
 * Runs stages at the same time. Each one's output is kept and printed whole when it ends, so the
 * log reads stage by stage. A stage is a command, or a vitest project (`project`) whose report counts.
 */
async function together(stages) {
  const started = Date.now();
  console.log(`\n=== ${stages.map((stage) => stage.name).join(' + ')} (side by side)`);
  await Promise.all(
    stages.map(({ name, project, command, args, env }) => {
      const vitestRun = project ? vitestArgs(name, project) : null;
      return new Promise((resolve) => {
        const child = spawn(vitestRun ? 'npx' : command, vitestRun ? vitestRun.args : args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`\n=== ${name}`);
          process.stdout.write(Buffer.concat(output));
          console.log(`=== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s`);
          if (code !== 0) failedStages.push(name);
          if (vitestRun) countReport(vitestRun.report, code === 0);
          resolve();
        });
      });
    }),
  );
}

function postgresReachable() {
  return spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
}

// The static checks are single-threaded: two at a time keep both cores busy.
await together([
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] },
  { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
]);
await together([
  { name: 'unused files, exports and dependencies (knip)', command: 'npx', args: ['knip', '--no-progress'] },
  { name: 'migrations match the schema', command: 'node', args: ['scripts/check-migrations.mjs'] },
]);
vitest('unit tests', 'unit');
const pgliteApi = { name: 'API tests on PGlite', project: 'api', env: { DB_KIND: 'pglite' } };
if (postgresReachable()) {
  await together([pgliteApi, { name: 'API tests on PostgreSQL', project: 'api', env: { DB_KIND: 'postgres' } }]);
} else if (process.env.CI === 'true') {
  vitest(pgliteApi.name, pgliteApi.project, pgliteApi.env);
  console.error('\n!!! PostgreSQL on 127.0.0.1:5432 is not reachable and CI=true: the PostgreSQL API tests must run.');
  failedStages.push('API tests on PostgreSQL');
  totals.failed += 1;
} else {
  vitest(pgliteApi.name, pgliteApi.project, pgliteApi.env);
  console.warn('\n!!!!!!!! PostgreSQL on 127.0.0.1:5432 is not reachable: SKIPPING the PostgreSQL API tests. !!!!!!!!');
}
if (step('build web app', 'npm', ['run', 'build', '--silent'])) {
  vitest('browser tests (Chromium)', 'e2e');
}

fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`\nStages failed: ${failedStages.length ? failedStages.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length || totals.failed ? 1 : 0);
