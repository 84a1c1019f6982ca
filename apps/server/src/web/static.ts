import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@avatar-factory/contracts';
import { humanModelsDir, tfjsWasmDir } from '@avatar-factory/face-analysis';

/**
 * A published avatar's public page is made to be embedded (its iframe snippet): any site may frame
 * it. Nothing else may be framed (app.ts sends frame-ancestors 'none' and X-Frame-Options DENY).
 */
function embeddable(reply: FastifyReply) {
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
}

/** The public id when the path is exactly a public page, {base}/w/{publicId} (a trailing slash allowed). */
function publicPageId(url: string, basePath: string): string | undefined {
  return /^([^/]+)\/?$/.exec(url.slice(`${basePath}/w/`.length))?.[1];
}

/**
 * The machine-readable half of the public page's AI-generated label, the same words the speech
 * WAVs carry in their INFO chunk: crawlers and archivers read the head, not the rendered label.
 */
export const AI_GENERATED_META = '<meta name="ai-generated" content="AI-generated: a synthetic avatar and voice made by Avatar Factory" />';

/** index.html with the AI-generated meta tag at the end of its head. */
async function markedAsAiGenerated(indexFile: string): Promise<string> {
  const html = await fs.promises.readFile(indexFile, 'utf8');
  return html.includes('</head>') ? html.replace('</head>', `${AI_GENERATED_META}</head>`) : html.replace(/^(<!doctype html>)?/i, `$1${AI_GENERATED_META}`);
}

/** Folders of files, not pages: a missing file there is a 404, never the app. */
const fileFolders = ['assets', 'vendor', 'voices'];

/**
 * Whether a path under the base path names a page of the app (its router shows the page or 'Page
 * not found'), rather than an API route or a file: not under a folder of files and with no file
 * extension in its last segment (`/favicon.ico`, `/robots.txt` are missing files, not pages).
 */
function isPagePath(url: string, basePath: string): boolean {
  if (url.startsWith('/api/') || !(url === basePath || url.startsWith(`${basePath}/`))) return false;
  const segments = url.slice(basePath.length).split('/').filter(Boolean);
  if (segments.length > 0 && fileFolders.includes(segments[0]!)) return false;
  return !/\.[A-Za-z0-9]{1,8}$/.test(segments.at(-1) ?? '');
}

/**
 * Serves the built single-page app under the base path with an SPA fallback (any unknown GET
 * under the base path that is not a file gets index.html, and the client router shows the page
 * or 'Page not found'), and the generated voice samples under {base}/voices/.
 */
export interface WebAppOptions {
  basePath: string;
  webDistDir: string;
  voicesDir: string;
  /** Whether {base}/w/{publicId} is a deployed avatar's page: any other id is a 404. */
  isPublished(publicId: string): Promise<boolean>;
  /** The methods an API path answers, for a 405 instead of a 404. */
  allowedMethods(url: string): string[];
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
    if (url.startsWith('/api/')) {
      const allowed = options.allowedMethods(url);
      if (allowed.length > 0) {
        return reply.status(405).header('allow', allowed.join(', ')).send({ detail: { code: errorCodes.methodNotAllowed, message: `${request.method} is not allowed here. Allowed: ${allowed.join(', ')}.` } });
      }
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(url, basePath);
    // Any client gets the page, whatever it accepts: curl and link previewers send `Accept: */*`.
    if (hasWeb && wantsPage) {
      if (url.startsWith(`${basePath}/w/`)) {
        // A deleted, undeployed or never published avatar's page is gone: 404, and the app
        // (still served, so a visitor sees a readable page) says it is no longer published.
        const publicId = publicPageId(url, basePath);
        if (publicId !== undefined && (await options.isPublished(publicId))) {
          embeddable(reply);
          return reply.type('text/html').header('cache-control', 'no-cache').send(await markedAsAiGenerated(indexFile));
        }
        reply.status(404);
      }
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(indexFile));
    }
    return reply.status(404).send({ detail: 'Not Found' });
  });
}
