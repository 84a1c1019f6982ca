import { distinctFaces, imageLimits } from '@avatar-factory/contracts';
import type { Human } from '@vladmandic/human';
import type { FaceCheck } from './image-rules';

/**
 * In-browser face count with Human's BlazeFace short-range detector on the tfjs WASM backend.
 * The library (about 2 MB) is imported only when a photo is first checked; models and WASM come
 * from our own server under the base path, never from a CDN. The WebGL backend is avoided: it is
 * software-rendered in headless browsers and 50x slower (engine notes).
 */
type HumanInstance = Human;

let loading: Promise<HumanInstance> | null = null;

function vendorUrl(folder: string): string {
  return new URL(`${import.meta.env.BASE_URL}vendor/${folder}/`, window.location.origin).href;
}

async function loadHuman(): Promise<HumanInstance> {
  // Human reports a model it cannot fetch only by logging and then hangs in load(); asking for
  // the model first turns an unreachable or missing model into a prompt 'unavailable'.
  const probe = await fetch(`${vendorUrl('human-models')}blazeface.json`, { method: 'HEAD' });
  if (!probe.ok) throw new Error(`BlazeFace model answered ${probe.status}`);
  // Resolves to dist/human.esm.js (the 'module' condition): the browser build bundling tfjs and
  // its WASM backend; our own files replace its CDN defaults.
  const { Human } = await import('@vladmandic/human');
  const human = new Human({
    backend: 'wasm',
    wasmPath: vendorUrl('tfjs-wasm'),
    modelBasePath: vendorUrl('human-models'),
    debug: false,
    warmup: 'none',
    cacheModels: false,
    cacheSensitivity: 0,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: {
        modelPath: 'blazeface.json',
        rotation: false,
        maxDetected: 10,
        minConfidence: imageLimits.faceMinConfidence,
        skipFrames: 0,
        return: false,
      },
      mesh: { enabled: false },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  });
  await human.load();
  // Human logs a model that failed to download and carries on; without it every photo would
  // count zero faces, which must be 'unavailable' instead (warn and skip).
  if (!human.models.models.blazeface) throw new Error('The BlazeFace model could not be loaded');
  return human;
}

function getHuman(): Promise<HumanInstance> {
  loading ??= loadHuman().catch((error: unknown) => {
    loading = null; // a later photo may try again (e.g. the server was briefly unreachable)
    throw error;
  });
  return loading;
}

/** Counts faces at confidence >= 0.5 within the 10 s budget (loading included). */
export async function detectFaces(canvas: HTMLCanvasElement, timeoutMs = imageLimits.faceDetectionTimeoutMs): Promise<FaceCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<FaceCheck>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
  });
  // One retry inside the same budget: a first model or WASM load can fail on a busy machine.
  const detection = (async (): Promise<FaceCheck> => {
    let outcome: FaceCheck = { kind: 'unavailable' };
    for (let attempt = 0; attempt < 2 && outcome.kind === 'unavailable'; attempt++) outcome = await detectOnce(canvas);
    return outcome;
  })();
  try {
    return await Promise.race([detection, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function detectOnce(canvas: HTMLCanvasElement): Promise<FaceCheck> {
  try {
    const human = await getHuman();
    let count = await countFaces(human, canvas);
    // A photo stored upside down with no EXIF orientation to say so: BlazeFace often finds no
    // upright face in it (the astronaut scores 0.46). The server turns such a photo upright
    // (readOrientation), so the face it shows the other way up is the one counted.
    if (count === 0) count = await countFaces(human, halfTurned(canvas));
    return count === null ? { kind: 'unavailable' } : { kind: 'count', count };
  } catch (error) {
    // Kept in the console: the rule itself only turns this into a warning.
    console.warn('Face detection is unavailable:', error);
    return { kind: 'unavailable' };
  }
}

/** Faces at confidence >= 0.5, a box inside a larger face counted as that face (as on the server, see distinctFaces); null when detection failed. */
async function countFaces(human: HumanInstance, canvas: HTMLCanvasElement): Promise<number | null> {
  const result = await human.detect(paddedToDetectorShape(canvas));
  if (result.error) {
    console.warn('Face detection failed:', result.error);
    return null;
  }
  const confident = result.face.filter((face) => (face.boxScore ?? face.score) >= imageLimits.faceMinConfidence);
  return distinctFaces(confident, ({ box: [x, y, width, height] }) => ({ x, y, width, height })).length;
}

/** The canvas on grey, padded on its short sides to at most imageLimits.faceDetectorMaxAspect (as the server pads it). */
function paddedToDetectorShape(canvas: HTMLCanvasElement): HTMLCanvasElement {
  const aspect = imageLimits.faceDetectorMaxAspect;
  const width = Math.max(canvas.width, Math.round(canvas.height / aspect)), height = Math.max(canvas.height, Math.round(canvas.width / aspect));
  if (width === canvas.width && height === canvas.height) return canvas;
  const padded = document.createElement('canvas');
  padded.width = width;
  padded.height = height;
  const context = padded.getContext('2d');
  if (!context) throw new Error('no 2D canvas context');
  context.fillStyle = '#808080';
  context.fillRect(0, 0, width, height);
  context.drawImage(canvas, Math.floor((width - canvas.width) / 2), Math.floor((height - canvas.height) / 2));
  return padded;
}

function halfTurned(canvas: HTMLCanvasElement): HTMLCanvasElement {
  const turned = document.createElement('canvas');
  turned.width = canvas.width;
  turned.height = canvas.height;
  const context = turned.getContext('2d');
  if (!context) throw new Error('no 2D canvas context');
  context.translate(canvas.width, canvas.height);
  context.rotate(Math.PI);
  context.drawImage(canvas, 0, 0);
  return turned;
}
