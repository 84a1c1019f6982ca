import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { humanModelsDir, tfjsWasmDir } from '@avatar-factory/face-analysis';

/** The public Web Avatar page is made to be embedded (its iframe snippet): any site may frame it. */
function embeddable(reply: FastifyReply) {
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
}

/**
 * Serves the built single-page app under the base path with an SPA fallback (any unknown GET
 * under the base path that wants HTML gets index.html, and the client router shows the page or
 * 'Page not found'), and the generated voice samples under {base}/voices/.
 */
export interface WebAppOptions {
  basePath: string;
  webDistDir: string;
  voicesDir: string;
  /** Whether {base}/w/{publicId} is a deployed avatar's page: any other id is a 404 (api.md). */
  isPublished(publicId: string): Promise<boolean>;
}

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  const { basePath, webDistDir, voicesDir } = options;
  // The browser's photo check runs Human on the WASM backend: its models and the tfjs WASM
  // binaries come from our own server (from the npm packages), never from a CDN.
  await app.register(fastifyStatic, { root: humanModelsDir(), prefix: `${basePath}/vendor/human-models/`, decorateReply: false, index: false, maxAge: '1d' });
  await app.register(fastifyStatic, { root: tfjsWasmDir(), prefix: `${basePath}/vendor/tfjs-wasm/`, decorateReply: false, index: false, maxAge: '1d', allowedPath: (file) => file.endsWith('.wasm') });
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (!hasWeb) app.log.warn({ webDistDir }, 'web app is not built: run `npm run build`');

  await app.register(fastifyStatic, { root: voicesDir, prefix: `${basePath}/voices/`, decorateReply: false, index: false });
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDistDir, prefix: `${basePath}/`, wildcard: true, index: ['index.html'], cacheControl: false });
  }
  if (basePath) {
    app.get('/', (_request, reply) => reply.redirect(`${basePath}/`));
    app.get(basePath, (_request, reply) => reply.redirect(`${basePath}/`));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api/') && (url === basePath || url.startsWith(`${basePath}/`));
    if (hasWeb && wantsPage && String(request.headers.accept ?? '').includes('text/html')) {
      if (url.startsWith(`${basePath}/w/`)) {
        embeddable(reply);
        // A deleted, undeployed or never published avatar's page is gone: 404, and the app
        // (still served, so a visitor sees a readable page) says it is no longer published.
        const publicId = url.slice(`${basePath}/w/`.length).split('/')[0] ?? '';
        if (!(await options.isPublished(publicId))) reply.status(404);
      }
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(indexFile));
    }
    return reply.status(404).send({ detail: 'Not Found' });
  });
}
