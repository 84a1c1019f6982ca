import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on a free local port, standing in for our API in component tests (the
 * code under test makes real requests; only the far side is scripted).
 */
export interface LocalServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  origin: string;
  close(): Promise<void>;
}

export async function startLocalServer(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points the happy-dom page at `url`, so relative API calls go to that origin. */
export function openPageAt(url: string): void {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(url);
}
