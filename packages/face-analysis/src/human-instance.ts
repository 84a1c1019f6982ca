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
  /** How sure Human's description model is of its gender reading, 0..1; only when `describe` was asked for. */
  genderScore?: number;
  mesh: HumanPoint[];
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
}
interface HumanTensor { dispose(): void }
export interface HumanLike {
  load(): Promise<void>;
  detect(input: HumanTensor, config?: object): Promise<{ face: HumanFace[] }>;
  faceTriangulation: number[];
  tf: { tensor4d(values: Int32Array, shape: [number, number, number, number], dtype: 'int32'): HumanTensor; getBackend(): string };
}

/** Detector threshold: low, so that a face the detector is unsure of is still found when it is the only one (see facesIn). */
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

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs Human on an RGB image. Calls are serialised: one Human instance is not re-entrant.
 * `describe` also runs the description model (age, gender) on each face. `iris: false` leaves out
 * the iris model (a third of a 512 px run): the mesh then has 468 points, its eye contours as the
 * mesh model gives them, the rest the same. Human merges a detect call's config into its own for
 * good, so every call states both.
 */
export function detectFaces(rgb: Buffer, width: number, height: number, { describe = false, iris = true }: { describe?: boolean; iris?: boolean } = {}): Promise<HumanFace[]> {
  const run = queue.then(async () => {
    const human = await getHuman();
    const tensor = human.tf.tensor4d(Int32Array.from(rgb), [1, height, width, 3], 'int32');
    try {
      return (await human.detect(tensor, { face: { description: { enabled: describe }, iris: { enabled: iris } } })).face;
    } finally {
      tensor.dispose();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** MediaPipe's 468-point face mesh triangulation (880 triangles, index triples), as Human ships it. */
export async function faceMeshTriangulation(): Promise<number[]> {
  return (await getHuman()).faceTriangulation.slice();
}
