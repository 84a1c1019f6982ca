import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerFileModelLoader, type TfIo } from './file-model-loader';
import { humanModelsDir, humanPackageDir, tfjsWasmDir } from './human-paths';

const require = createRequire(import.meta.url);

/** The parts of Human's API we use, typed by hand: its own .d.ts is not reachable through `exports`. */
export type HumanPoint = [number, number, number?];
export interface HumanFace {
  score: number;
  boxScore: number;
  faceScore: number;
  mesh: HumanPoint[];
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
}
interface HumanTensor { dispose(): void }
export interface HumanLike {
  load(): Promise<void>;
  detect(input: HumanTensor): Promise<{ face: HumanFace[] }>;
  faceTriangulation: number[];
  tf: { tensor4d(values: Int32Array, shape: [number, number, number, number], dtype: 'int32'): HumanTensor; getBackend(): string };
}

/** Detector threshold: low, so that a second, weaker face is still seen and counted. */
export const DETECTOR_MIN_CONFIDENCE = 0.3;

function createHuman(): HumanLike {
  const tf = require('@tensorflow/tfjs-core') as { io: TfIo };
  registerFileModelLoader(tf.io);
  // Required by path: Human's exports map is broken and its `node` entry needs tfjs-node.
  const { Human } = require(path.join(humanPackageDir(), 'dist', 'human.node-wasm.js')) as { Human: new (config: object) => HumanLike };
  return new Human({
    backend: 'wasm',
    wasmPath: tfjsWasmDir(),
    modelBasePath: pathToFileURL(humanModelsDir()).href + '/',
    debug: false,
    cacheSensitivity: 0,
    face: {
      enabled: true,
      detector: { maxDetected: 5, minConfidence: DETECTOR_MIN_CONFIDENCE, rotation: true },
      mesh: { enabled: true },
      iris: { enabled: true },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  });
}

let loading: Promise<HumanLike> | null = null;

/** One Human per process, models loaded on first use (about 0.1-0.4 s), shared by every caller. */
export function getHuman(): Promise<HumanLike> {
  if (!loading) {
    loading = (async () => {
      const human = createHuman();
      await human.load();
      return human;
    })();
    loading.catch(() => { loading = null; });
  }
  return loading;
}

/** MediaPipe's 468-point face mesh triangulation (880 triangles, index triples), as Human ships it. */
export async function faceMeshTriangulation(): Promise<number[]> {
  return (await getHuman()).faceTriangulation.slice();
}
