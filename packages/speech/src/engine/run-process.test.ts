import { describe, expect, it } from 'vitest';
import { SpeechError } from '../errors.ts';
import { runProcess } from './run-process.ts';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof SpeechError ? error.code : 'untyped'),
  );

describe('runProcess', () => {
  it('names the missing package when the binary is not installed', async () => {
    const error = await runProcess('no-such-speech-binary', [], { timeoutMs: 1000, installHint: 'apt-get install something' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechError);
    expect((error as SpeechError).code).toBe('engine_missing');
    expect((error as SpeechError).message).toContain('apt-get install something');
  });

  it('kills a process that runs too long and settles only after it has exited', async () => {
    const started = Date.now();
    expect(await codeOf(runProcess('sleep', ['5'], { timeoutMs: 100, installHint: '' }))).toBe('engine_failed');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops on abort', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await codeOf(runProcess('sleep', ['5'], { timeoutMs: 5000, signal: controller.signal, installHint: '' }))).toBe('aborted');
  });

  it('feeds stdin and reports a non-zero exit with stderr', async () => {
    expect((await runProcess('cat', [], { input: 'こんにちは', timeoutMs: 1000, installHint: '' })).stdout).toBe('こんにちは');
    const error = await runProcess('sh', ['-c', 'echo broken >&2; exit 3'], { timeoutMs: 1000, installHint: '' }).catch((e: unknown) => e);
    expect((error as SpeechError).code).toBe('engine_failed');
    expect((error as SpeechError).message).toContain('broken');
  });
});
