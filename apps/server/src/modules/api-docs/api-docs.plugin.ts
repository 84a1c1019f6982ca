import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Where the document and its reader are served. */
export const apiDocsPaths = { document: '/api/openapi.json', reader: '/api/docs' } as const;

/**
 * The OpenAPI 3.1 document, made by @fastify/swagger from the routes' own zod schemas (so it
 * cannot drift from what the server validates), and Swagger UI to read it, whose scripts and
 * styles @fastify/swagger-ui serves from its package: nothing is loaded from a CDN. Registered
 * before the routes, which it collects as they are added. Only /api routes are documented: the
 * web app's pages and the docs' own assets are not operations.
 */
export async function registerApiDocs(server: FastifyInstance, { productName }: { productName: string }): Promise<void> {
  await server.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${productName} API`,
        version: '1',
        description: 'Sign in with POST /api/token (form: username, password), then send `Authorization: Bearer <access_token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (route) => {
      const documented = route.url.startsWith('/api/') && !route.url.startsWith(apiDocsPaths.reader) && route.url !== apiDocsPaths.document;
      const transformed = jsonSchemaTransform(route);
      if (!documented) return { ...transformed, schema: { ...transformed.schema, hide: true } };
      const { tag, signedIn } = sectionOf(route.url, route.route.method);
      return { ...transformed, schema: { ...transformed.schema, tags: [tag], ...(signedIn ? { security: [{ bearer: [] }] } : {}) } };
    },
  });
  await server.register(swaggerUi, { routePrefix: apiDocsPaths.reader });
  server.get(apiDocsPaths.document, { schema: { hide: true } }, () => server.swagger());
}

/** The docs section of a route, and whether it needs the bearer token. */
function sectionOf(url: string, method: string | readonly string[]): { tag: string; signedIn: boolean } {
  const path = url.slice('/api'.length);
  if (path.startsWith('/public/')) return { tag: 'Public avatar page', signedIn: false };
  if (path === '/health' || path === '/ready') return { tag: 'Operations', signedIn: false };
  if (path === '/token' || (path === '/users' && method === 'POST')) return { tag: 'Account', signedIn: false };
  if (path.startsWith('/users')) return { tag: 'Account', signedIn: true };
  if (path.startsWith('/voice-')) return { tag: 'Voice models', signedIn: true };
  if (path.startsWith('/speech')) return { tag: 'Speech', signedIn: true };
  return { tag: 'Avatars', signedIn: true };
}
