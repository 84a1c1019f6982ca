import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitFor } from './wait-for';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface EntryProcess {
  child: ChildProcess;
  /** Everything it printed on stdout so far. */
  output(): string;
  /** The first match of `pattern` in its stdout, waiting for it (fails if the process exits first). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs a server entry point (main.ts, worker.ts or their testing/ twins) as a real child process. */
export function startEntry(entry: string, env: Record<string, string>): EntryProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps/server/src', entry)], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  let exitedWith: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve((exitedWith = { code, signal }))),
  );
  return {
    child,
    output: () => stdout,
    exited,
    waitForOutput: (pattern, timeoutMs = 60_000) =>
      waitFor(`${entry} to print ${pattern}`, async () => {
        if (exitedWith) throw new Error(`${entry} exited (${exitedWith.code ?? exitedWith.signal}) before printing ${pattern}; stdout: ${stdout.slice(-500)}`);
        return stdout.match(pattern);
      }, timeoutMs),
  };
}
