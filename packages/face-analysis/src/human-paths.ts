import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Folder of the `@vladmandic/human` package. Its `exports` map is broken (keys lack `./`), so
 * `require.resolve('@vladmandic/human/package.json')` throws: resolve the main entry instead.
 */
export function humanPackageDir(): string {
  return path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
}

/** Absolute folder of Human's model files (`*.json` + `*.bin`), for the server to serve to browsers. */
export function humanModelsDir(): string {
  return path.join(humanPackageDir(), 'models');
}

/** Absolute folder of the tfjs WASM binaries, ending in `/` as tfjs's `wasmPath` wants. */
export function tfjsWasmDir(): string {
  return path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep;
}
