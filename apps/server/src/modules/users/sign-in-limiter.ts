import { LRUCache } from 'lru-cache';

/**
 * 'Repeated failures are rate limited'. Two counts of failed sign-ins, both in memory per
 * API process like the other rate limits (an LRU of bounded size, so a flood of made-up e-mails
 * cannot grow it without end):
 *
 * - per client address: at most `perClient` failures a minute, whatever the e-mails. A success
 *   takes back only its own attempt, so signing in to one's own account between guesses does not
 *   reset the count.
 * - per e-mail, from any address: `freeFailures` misses, then each further attempt waits 1 s,
 *   2 s, 4 s ... up to `maxDelaySeconds`, so guessing one account's password from many addresses
 *   is slowed to a crawl while its owner, at worst, waits that long once. A success clears it.
 *
 * An attempt counts from its start (and is taken back when it succeeds or ends without a verdict),
 * so a burst of parallel guesses is bounded too. Written here because @fastify/rate-limit counts
 * every request and cannot leave out successful ones (its only skip option concerns its store).
 */
export interface SignInLimiterOptions {
  perClient: number;
  freeFailures: number;
  maxDelaySeconds: number;
  windowMs?: number;
  now?: () => number;
  maxEntries?: number;
}

interface ClientCount {
  count: number;
  resetAt: number;
}
interface EmailCount {
  failures: number;
  /** When the next attempt of this e-mail may start. */
  nextAt: number;
}

export interface SignInAttempt {
  /** The attempt signed in. */
  succeeded(): void;
  /** The password was wrong (or the e-mail unknown). */
  failed(): void;
  /** No verdict on the password (a server error): it does not count. */
  undecided(): void;
}

export function createSignInLimiter(options: SignInLimiterOptions) {
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const max = options.maxEntries ?? 50_000;
  const clients = new LRUCache<string, ClientCount>({ max });
  // Forgotten a day after the last failure, or sooner when the cache is full.
  const emails = new LRUCache<string, EmailCount>({ max, ttl: 24 * 3600_000, ttlAutopurge: false, perf: { now } });

  const delayAfter = (failures: number) =>
    failures < options.freeFailures ? 0 : Math.min(options.maxDelaySeconds * 1000, 1000 * 2 ** Math.min(30, failures - options.freeFailures));

  const clientEntry = (client: string) => {
    const entry = clients.get(client);
    if (entry && entry.resetAt > now()) return entry;
    const fresh = { count: 0, resetAt: now() + windowMs };
    clients.set(client, fresh);
    return fresh;
  };

  return {
    /**
     * Starts an attempt: answers the seconds to wait when this client or this e-mail must not try
     * now; otherwise counts the attempt and answers a handle to settle it.
     */
    begin(client: string, email: string): { retryAfter: number } | SignInAttempt {
      const perClient = clientEntry(client);
      if (perClient.count >= options.perClient) return { retryAfter: Math.max(1, Math.ceil((perClient.resetAt - now()) / 1000)) };
      const perEmail = emails.get(email) ?? { failures: 0, nextAt: 0 };
      if (perEmail.nextAt > now()) return { retryAfter: Math.max(1, Math.ceil((perEmail.nextAt - now()) / 1000)) };

      perClient.count += 1;
      // Held until the verdict: parallel guesses at the same e-mail wait as if this one failed.
      perEmail.failures += 1;
      perEmail.nextAt = now() + delayAfter(perEmail.failures);
      emails.set(email, perEmail);
      const takeBackClient = () => {
        const entry = clients.get(client);
        if (entry === perClient) entry.count = Math.max(0, entry.count - 1);
      };
      const takeBackEmail = () => {
        const entry = emails.get(email);
        if (entry !== perEmail) return;
        entry.failures = Math.max(0, entry.failures - 1);
        entry.nextAt = entry.failures >= options.freeFailures ? now() + delayAfter(entry.failures) : 0;
      };
      return {
        succeeded() {
          takeBackClient();
          emails.delete(email);
        },
        failed() {
          // The wait runs from the verdict, not from the start of the attempt.
          if (emails.get(email) === perEmail) emails.set(email, { failures: perEmail.failures, nextAt: now() + delayAfter(perEmail.failures) });
        },
        undecided() {
          takeBackClient();
          takeBackEmail();
        },
      };
    },
  };
}
