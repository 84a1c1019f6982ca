import type { FastifyInstance } from 'fastify';
import Router from 'find-my-way';

/**
 * Which methods a path answers, for a 405 with `Allow` (a wrong method on an existing path
 * is not a 404). Fastify keeps no per-path method list, so every route is mirrored into a router of
 * the same library and options Fastify itself routes with: a path matches here exactly when it
 * would match there. Register before any route.
 */
export function trackAllowedMethods(app: FastifyInstance, options: { maxParamLength: number }): (url: string) => string[] {
  const mirror = Router({ maxParamLength: options.maxParamLength, ignoreTrailingSlash: false });
  const methods = new Set<Router.HTTPMethod>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat() as Router.HTTPMethod[]) {
      // A route registered twice for one method (Fastify refuses that itself) cannot happen here.
      mirror.on(method, route.url, () => undefined);
      methods.add(method);
    }
  });
  return (url) => {
    const path = url.split('?')[0] ?? url;
    return [...methods].filter((method) => mirror.find(method, path) !== null).sort();
  };
}
