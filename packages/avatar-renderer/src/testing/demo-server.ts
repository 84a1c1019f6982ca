import { createReadStream } from 'node:fs';
import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWav, synthesize } from '@avatar-factory/speech';
import { build } from 'esbuild';
import { PNG } from 'pngjs';
import { createSyntheticRig, type SyntheticRigOptions } from './synthetic-rig';
import type { RgbaImage } from './synthetic-textures';

const DEMO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../demo');

/** Bundles demo/harness.ts with esbuild and copies demo/index.html into `outDir`. */
export async function buildDemo(outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [join(DEMO_DIR, 'harness.ts')],
    outfile: join(outDir, 'harness.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  await copyFile(join(DEMO_DIR, 'index.html'), join(outDir, 'index.html'));
}

/** Writes a synthetic rig bundle (rig.json + PNG textures) as the server would serve it. */
export async function writeSyntheticBundle(dir: string, options?: SyntheticRigOptions) {
  const synthetic = createSyntheticRig(options);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'rig.json'), JSON.stringify(synthetic.rig));
  for (const [name, image] of Object.entries(synthetic.images)) await writeFile(join(dir, name), encodePng(image));
  return synthetic;
}

/** Writes `<base>.wav` and `<base>.json` (viseme timeline) spoken by @avatar-factory/speech. */
export async function writeSpeech(base: string, text: string, voice: 'female' | 'male' = 'female') {
  const speech = await synthesize({ text, voice });
  await mkdir(dirname(base), { recursive: true });
  await writeFile(`${base}.wav`, encodeWav(speech.samples, speech.sampleRate));
  await writeFile(`${base}.json`, JSON.stringify(speech.visemes));
  return speech;
}

export function encodePng(image: RgbaImage): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.wav': 'audio/wav',
};

/** A static file server on 127.0.0.1 at a free port, confined to `root`. */
export async function startStaticServer(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(base, path === '/' ? 'index.html' : path));
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    stat(file).then((info) => {
      if (!info.isFile()) throw new Error('not a file');
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': info.size, 'cache-control': 'no-store' });
      createReadStream(file).pipe(res);
    }, () => res.writeHead(404).end('not found'));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}
