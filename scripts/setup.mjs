#!/usr/bin/env node
// Installs what is missing, so that `npm start` and `npm test` work on a fresh clone with Node 20.
// Uses only Node built-ins: it runs before node_modules exists.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const forTests = process.argv.includes('--test');
const isRoot = process.getuid?.() === 0;

/** Debian packages the product needs at run time, and those only the browser tests need. */
const runtimePackages = ['open-jtalk', 'open-jtalk-mecab-naist-jdic', 'flite'];
// A Japanese font, so that the browser tests' screenshots of Japanese text show glyphs, not boxes
// (Debian's chromium brings no CJK font; a user's own system has one).
const testPackages = ['chromium', 'fonts-ipafont-gothic'];

function log(message) {
  console.log(`[setup] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`[setup] '${command} ${args.join(' ')}' failed with exit code ${result.status}`);
    process.exit(result.status ?? 1);
  }
}

function checkNode() {
  const [major] = process.versions.node.split('.').map(Number);
  if (major < 20) {
    console.error(`[setup] Node.js 20 or newer is required; this is ${process.version}.`);
    process.exit(1);
  }
}

function installNodeModules() {
  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const stale = !fs.existsSync(installed) || fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs;
  if (!stale) return;
  log('installing npm dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

function missingDebianPackages(names) {
  return names.filter((name) => {
    const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return result.status !== 0 || !result.stdout.includes('install ok installed');
  });
}

function installDebianPackages(names) {
  const missing = missingDebianPackages(names);
  if (missing.length === 0) return;
  if (!isRoot) {
    console.error(`[setup] Missing Debian packages: ${missing.join(' ')}\n[setup] Install them with: sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function prepareAssets() {
  run('npm', ['run', 'prepare-assets', '--workspaces', '--if-present', '--silent']);
}

function ensurePostgres() {
  const ready = () => spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
  if (ready()) return;
  let versions = [];
  try {
    versions = fs.readdirSync('/etc/postgresql');
  } catch {
    log('PostgreSQL is not installed here: the PostgreSQL API tests will be skipped (they are required under CI=true).');
    return;
  }
  for (const version of versions) {
    log(`starting PostgreSQL ${version}`);
    try {
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    } catch {
      log(`could not start PostgreSQL ${version}`);
    }
  }
}

/** The face photo corpus the tests run on (fixtures/faces/corpus.json): fetched once, then a no-op. */
function fetchFaceCorpus() {
  run('node', [path.join(root, 'scripts/fetch-face-corpus.mjs')]);
}

checkNode();
installNodeModules();
installDebianPackages(forTests ? [...runtimePackages, ...testPackages] : runtimePackages);
prepareAssets();
if (forTests) ensurePostgres();
if (forTests) fetchFaceCorpus();
