import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const webDir = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(webDir, '../..');
const distIndex = path.join(webDir, 'dist', 'index.html');

/** Everything the built bundle is made from; a newer file than dist/index.html means stale. */
const buildInputs = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(repoRoot, 'packages', 'contracts', 'src'),
  // The live avatar bundles the renderer and the rig evaluator.
  path.join(repoRoot, 'packages', 'avatar-renderer', 'src'),
  path.join(repoRoot, 'packages', 'avatar-rig', 'src', 'evaluate.ts'),
  path.join(repoRoot, 'packages', 'avatar-rig', 'src', 'types.ts'),
];

export type RunningServer = {
  /** The server's origin, e.g. `http://127.0.0.1:41234` (the API is at `${baseUrl}/api`). */
  baseUrl: string;
  /** The app's home URL: origin + base path + '/', e.g. `http://127.0.0.1:41234/avatar-factory/`. */
  appUrl: string;
  /** The fresh data folder of this server (removed on stop). */
  dataDir: string;
  /** The server's stdout and stderr so far, for failure messages. */
  logs: () => string;
  stop: () => Promise<void>;
};

function normaliseBasePath(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** The bundle is current if it exists, is newer than every input and was built for this base path. */
function isBuildCurrent(basePath: string): boolean {
  if (!fs.existsSync(distIndex)) return false;
  const html = fs.readFileSync(distIndex, 'utf8');
  if (!html.includes(`src="${basePath}/assets/`)) return false;
  const builtAt = fs.statSync(distIndex).mtimeMs;
  return buildInputs.every((input) => newestMtime(input) <= builtAt);
}

/**
 * Builds apps/web when dist is missing or stale. The build runs under a machine-wide lock so two
 * test runs sharing this checkout never write dist at the same time.
 */
export function ensureWebBuild(basePath = '/avatar-factory'): void {
  const base = normaliseBasePath(basePath);
  if (isBuildCurrent(base)) return;
  const script = `npx vite build --logLevel warn`;
  const result = spawnSync('flock', [path.join(os.tmpdir(), 'af-web-build.lock'), 'sh', '-c', script], {
    cwd: webDir,
    // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
    env: { ...process.env, NODE_ENV: 'production', BASE_PATH: base || '/' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  if (!isBuildCurrent(base)) throw new Error('vite build finished but apps/web/dist is still not current');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logs: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${logs()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`GET ${url} did not answer 200 within ${timeoutMs / 1000} s:\n${logs()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const graceful = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!graceful) {
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`) on a free port with a fresh
 * data folder and in-process workers, after making sure the web bundle is built. `env` overrides
 * or adds variables (e.g. BASE_PATH, PRODUCT_NAME); DATABASE_URL is only passed when given here,
 * so the browser tests use embedded PGlite by default.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const basePath = normaliseBasePath(env.BASE_PATH ?? '/avatar-factory');
  ensureWebBuild(basePath);

  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'af-e2e-'));
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WORKERS: 'true',
    LOG_LEVEL: 'warn',
    // The tests sign up many users from 127.0.0.1.
    REGISTER_RATE_LIMIT: '10000',
    ...env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const logs = () => output;
  // A server that dies mid-run fails the next test with a refused connection and nothing else; its
  // own last words say why.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`[e2e server] exited on its own (${code ?? signal}) while tests ran; its last output:\n${logs()}\n`);
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseUrl}/api/health`, child, logs, 60_000);
  } catch (error) {
    stopping = true;
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    baseUrl,
    appUrl: `${baseUrl}${basePath}/`,
    dataDir,
    logs,
    stop: async () => {
      stopping = true;
      await stopChild(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
