/**
 * A bounded public load, run in its own process (`node --import tsx public-speak-load.ts URL
 * CLIENTS SECONDS TEXT`): CLIENTS visitors each ask the public speak route to say TEXT, then ask
 * again as soon as the answer is in. Like the public page, a visitor told to wait (503 busy or 429,
 * with Retry-After) waits that long before asking again, instead of hammering the server.
 * Prints one JSON line: answered, refused, the answered requests' p50/p99 in ms.
 */
export {};

const [url = '', clientsArg = '16', secondsArg = '10', text = 'こんにちは。'] = process.argv.slice(2);
const until = performance.now() + Number(secondsArg) * 1000;
const latencies: number[] = [];
const refused: Record<string, number> = {};
let failed = 0;

async function visitor() {
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }), signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (res.status === 200) {
        latencies.push(performance.now() - started);
        continue;
      }
      refused[res.status] = (refused[res.status] ?? 0) + 1;
      const wait = Number(res.headers.get('retry-after') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait) * 1000));
    } catch {
      failed++;
    }
  }
}

await Promise.all(Array.from({ length: Number(clientsArg) }, () => visitor()));
const sorted = latencies.sort((a, b) => a - b);
const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);
console.log(JSON.stringify({ answered: latencies.length, refused, failed, p50: at(50), p99: at(99) }));
