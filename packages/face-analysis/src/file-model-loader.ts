import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface WeightsManifestGroup { paths: string[]; weights: unknown[] }
interface ModelJson { modelTopology: unknown; format?: string; generatedBy?: string; convertedBy?: string; weightsManifest: WeightsManifestGroup[] }

/** The slice of `tf.io` we use (typed here so the CommonJS require stays contained). */
export interface TfIo { registerLoadRouter(router: (url: string | string[]) => unknown): void }

/**
 * Without tfjs-node there is no `file://` model loader in Node: this one reads `model.json` and its
 * `.bin` shards with fs and hands tfjs the artifacts (the same shape `tf.io.browserFiles` returns).
 */
export function registerFileModelLoader(io: TfIo): void {
  io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = fileURLToPath(url);
    return {
      load: async () => {
        const json = JSON.parse(readFileSync(file, 'utf8')) as ModelJson;
        const dir = path.dirname(file);
        const shards = json.weightsManifest.flatMap((group) => group.paths.map((p) => readFileSync(path.join(dir, p))));
        const all = Buffer.concat(shards);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
          weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
        };
      },
    };
  });
}
