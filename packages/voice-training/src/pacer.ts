/**
 * Cooperative cancellation for long CPU loops: `tick()` throws as soon as the signal is aborted and
 * yields to the event loop every `sliceMs`, so that an abort coming from a timer, a message or a
 * database poll can actually be delivered while we compute (cancel must land within 2 s).
 */
export class Pacer {
  private last = performance.now();

  constructor(
    private readonly signal?: AbortSignal,
    private readonly sliceMs = 50,
  ) {}

  throwIfAborted(): void {
    if (this.signal?.aborted) throw abortError(this.signal);
  }

  async tick(): Promise<void> {
    this.throwIfAborted();
    const now = performance.now();
    if (now - this.last < this.sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
    this.throwIfAborted();
  }
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new DOMException('Voice model training was cancelled', 'AbortError');
}

/** True for the error a cancelled training throws. */
export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}
