import http from 'node:http';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  /** e.g. http://127.0.0.1:9464/metrics */
  url: string;
  close(): Promise<void>;
}

/**
 * GET /metrics on its own port (METRICS_PORT, METRICS_HOST): a scraper reaches it on the host or
 * the cluster network while the public port has no /metrics at all, so it cannot be published by
 * accident with the app.
 */
export async function startMetricsServer(registry: Registry, options: { port: number; host: string }): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as { port: number; address: string; family: string };
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
