import { spawn } from 'node:child_process';
import { SpeechError } from '../errors.ts';

export interface RunOptions {
  input?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Named in the error when the binary is missing, e.g. the Debian package. */
  installHint: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to completion. The promise settles only after the child has exited (the 'close'
 * event), also on time-out and abort, so no call ever leaves a process behind.
 */
export function runProcess(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new SpeechError('aborted', 'Speech synthesis was aborted'));
      return;
    }
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let failure: SpeechError | undefined;
    const kill = (error: SpeechError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill(new SpeechError('engine_failed', `${command} took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
    const onAbort = () => kill(new SpeechError('aborted', 'Speech synthesis was aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.on('error', () => {}); // EPIPE when the child exits early; the exit code tells.
    child.on('error', (error: NodeJS.ErrnoException) => {
      failure ??=
        error.code === 'ENOENT'
          ? new SpeechError('engine_missing', `${command} is not installed (${options.installHint})`, { cause: error })
          : new SpeechError('engine_failed', `${command} could not start: ${error.message}`, { cause: error });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else if (code !== 0) reject(new SpeechError('engine_failed', `${command} exited with ${code ?? signal}: ${stderr.trim().slice(0, 500)}`));
      else resolve({ stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
