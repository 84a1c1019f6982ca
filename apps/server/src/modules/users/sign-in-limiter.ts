/**
 * api.md: 'Repeated failures are rate limited'. Counts failed sign-ins per client address and
 * e-mail in a fixed window; a successful sign-in is not counted and clears the count, so a person
 * who signs in often is never locked out, while guessing stops after `max` misses. An attempt
 * counts from its start (and is taken back when it succeeds), so a burst of parallel guesses is
 * bounded too. In memory, per API process, like the other rate limits. Written here because
 * @fastify/rate-limit counts every request and has no way to leave out successful ones (its only
 * skip option, skipOnError, concerns its store failing).
 */
export function createSignInLimiter(options: { max: number; windowMs?: number; now?: () => number }) {
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const attempts = new Map<string, { count: number; resetAt: number }>();

  const current = (key: string) => {
    const entry = attempts.get(key);
    if (entry && entry.resetAt <= now()) {
      attempts.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    const time = now();
    for (const [key, entry] of attempts) if (entry.resetAt <= time) attempts.delete(key);
  };

  return {
    /**
     * Starts an attempt: answers the seconds to wait when `max` attempts already failed (or are
     * under way) in the window; otherwise counts this one and answers undefined.
     */
    begin(key: string): number | undefined {
      const entry = current(key);
      if (entry && entry.count >= options.max) return Math.max(1, Math.ceil((entry.resetAt - now()) / 1000));
      if (entry) entry.count += 1;
      else {
        if (attempts.size >= 10_000) sweep();
        attempts.set(key, { count: 1, resetAt: now() + windowMs });
      }
      return undefined;
    },
    /** The attempt signed in: nothing counts against this key any more. */
    succeeded(key: string): void {
      attempts.delete(key);
    },
    /** The attempt ended without a verdict on the password (a server error): it does not count. */
    undecided(key: string): void {
      const entry = current(key);
      if (entry) entry.count = Math.max(0, entry.count - 1);
    },
  };
}
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
