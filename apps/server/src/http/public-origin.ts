import type { FastifyRequest } from 'fastify';

// A host name, IPv4 or bracketed IPv6 address, with an optional port: anything else in a Host
// header (or a trusted X-Forwarded-Host) is not put into a link.
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The app's absolute base URL for links we hand out (a public page's preview_url). PUBLIC_URL wins;
 * without it the links follow how this request reached us, so 'View Avatar' works from another
 * machine on the LAN. Fastify's request.host and request.protocol read X-Forwarded-Host/-Proto
 * only from a trusted proxy (TRUST_PROXY); otherwise the Host header and the socket.
 */
export function requestBaseUrl(request: Pick<FastifyRequest, 'host' | 'protocol'>, options: { publicBaseUrl: string | undefined; basePath: string; port: number }): string {
  if (options.publicBaseUrl) return options.publicBaseUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const host = HOST_PATTERN.test(request.host) ? request.host : `localhost:${options.port}`;
  return `${protocol}://${host}${options.basePath}`;
}
