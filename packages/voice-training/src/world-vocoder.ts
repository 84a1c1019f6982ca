import uzumejs from 'uzumejs';
import type { UzumeJs } from 'uzumejs';
import { Pacer } from './pacer.ts';

/**
 * WORLD analysis/resynthesis (Morise et al. 2016: DIO F0, CheapTrick envelope, D4C aperiodicity)
 * through uzumejs, the MIT WASM build of the uzume WORLD port.
 *
 * uzumejs exposes no accessor for spectrum data, so we read and write the C++ objects in the WASM
 * heap directly. The layouts (wasm32) come from uzume_vocoder's headers:
 *   Waveform { double *data; unsigned length; unsigned samplingFrequency }
 *   Spectrum { double *periodicSpectrum; double *aperiodicSpectrum; unsigned fftSize }
 * `world-vocoder.test.ts` checks both layouts, so a package upgrade that changes them fails loudly.
 */
export interface WorldFrames {
  sampleRate: number;
  framePeriodMs: number;
  fftSize: number;
  /** Hz per frame; 0 marks an unvoiced frame. */
  f0: Float64Array;
  /** Power spectral envelope per frame, fftSize/2+1 bins. */
  envelope: Float64Array[];
  /** D4C aperiodicity per frame (0..1), fftSize/2+1 bins. */
  aperiodicity: Float64Array[];
}

interface Heap {
  HEAPF64: Float64Array;
  HEAPU32: Uint32Array;
}
interface Handle {
  $$: { ptr: number };
  delete(): void;
}
type World = UzumeJs & { wasm: Heap };

let world: Promise<World> | undefined;

/** Loads the WASM module once. uzumejs `console.log`s the whole module on load: muted here. */
export function loadWorld(): Promise<World> {
  world ??= (async () => {
    const factory = (uzumejs as unknown as { default: typeof uzumejs }).default ?? uzumejs;
    const log = console.log;
    console.log = () => {};
    try {
      return (await factory()) as World;
    } finally {
      console.log = log;
    }
  })();
  return world;
}

function ptrOf(handle: unknown): number {
  return (handle as Handle).$$.ptr;
}

/**
 * Copies samples into a new WORLD Waveform (one heap copy instead of a setAt call per sample).
 * uzume sizes the F0 contour as floor(length/fs*1000 / 2 ms) + 1 but DIO writes
 * floor(1000*length/fs / 2 ms) + 1 values: when the length is a whole number of 2 ms hops the two
 * roundings can differ by one and DIO writes past the buffer, corrupting the WASM heap. Zero-padding
 * to half a hop past a boundary keeps both roundings equal.
 */
function makeWaveform(w: World, samples: Float32Array, sampleRate: number) {
  const hop = sampleRate / 500;
  let length = samples.length;
  if (Number.isInteger(hop)) {
    const half = Math.floor(hop / 2);
    length += (half - (length % hop) + hop) % hop;
  }
  const wf = new w.Waveform(length, sampleRate);
  const dataPtr = w.wasm.HEAPU32[ptrOf(wf) >> 2]! >> 3;
  w.wasm.HEAPF64.set(Float64Array.from(samples), dataPtr);
  w.wasm.HEAPF64.fill(0, dataPtr + samples.length, dataPtr + length);
  return wf;
}

export interface AnalyseOptions {
  framePeriodMs: number;
  signal?: AbortSignal;
  pacer?: Pacer;
}

export async function analyse(samples: Float32Array, sampleRate: number, opts: AnalyseOptions): Promise<WorldFrames> {
  const w = await loadWorld();
  const pacer = opts.pacer ?? new Pacer(opts.signal);
  await pacer.tick();
  const wf = makeWaveform(w, samples, sampleRate);
  // DIO runs here, once for the whole signal (2 ms hop inside uzume).
  const spec = new w.WaveformSpectrogram(wf);
  const fftSize = spec.fftSize();
  const bins = fftSize / 2 + 1;
  const sp = new w.Spectrum(fftSize);
  try {
    const nFrames = Math.max(1, Math.floor(spec.msLength() / opts.framePeriodMs));
    const f0 = new Float64Array(nFrames);
    const envelope: Float64Array[] = [];
    const aperiodicity: Float64Array[] = [];
    const spPtr = ptrOf(sp) >> 2;
    for (let i = 0; i < nFrames; i++) {
      const ms = i * opts.framePeriodMs;
      // CheapTrick + D4C for one frame, computed on demand by uzume.
      spec.pickUpSpectrumAt(sp, ms);
      const { HEAPU32, HEAPF64 } = w.wasm;
      const per = HEAPU32[spPtr]! >> 3;
      const aper = HEAPU32[spPtr + 1]! >> 3;
      envelope.push(HEAPF64.slice(per, per + bins));
      aperiodicity.push(HEAPF64.slice(aper, aper + bins));
      f0[i] = spec.f0At(ms);
      if ((i & 15) === 15) await pacer.tick();
    }
    return { sampleRate, framePeriodMs: opts.framePeriodMs, fftSize, f0, envelope, aperiodicity };
  } finally {
    sp.delete();
    spec.delete();
    wf.delete();
  }
}

export interface SynthesiseOptions {
  /** Output duration / input duration (1 keeps the timing). */
  timeScale?: number;
  /** Output length in samples (default: the frames' duration times timeScale). */
  length?: number;
}

/** WORLD resynthesis from frames held in JS, served to uzume through a JS-implemented Spectrogram. */
export async function synthesise(frames: WorldFrames, opts: SynthesiseOptions = {}): Promise<Float32Array> {
  const w = await loadWorld();
  const { framePeriodMs, fftSize, f0, envelope, aperiodicity } = frames;
  const n = f0.length;
  const scale = opts.timeScale ?? 1;
  const bins = fftSize / 2 + 1;
  const msLength = opts.length ? (opts.length / frames.sampleRate) * 1000 : n * framePeriodMs * scale;
  const position = (ms: number) => Math.min(n - 1, Math.max(0, ms / scale / framePeriodMs));

  const impl = {
    pickUpSpectrumAt(dest: Handle, ms: number): boolean {
      // embind deletes raw-pointer arguments of JS-implemented virtuals after the call, which would
      // free uzume's own buffer: make that delete a no-op for this borrowed handle.
      dest.delete = () => {};
      const p = ptrOf(dest) >> 2;
      const { HEAPU32, HEAPF64 } = w.wasm;
      const per = HEAPU32[p]! >> 3;
      const aper = HEAPU32[p + 1]! >> 3;
      const x = position(ms);
      const i0 = Math.floor(x);
      const i1 = Math.min(n - 1, i0 + 1);
      const t = x - i0;
      const e0 = envelope[i0]!, e1 = envelope[i1]!, a0 = aperiodicity[i0]!, a1 = aperiodicity[i1]!;
      for (let k = 0; k < bins; k++) {
        HEAPF64[per + k] = e0[k]! * (1 - t) + e1[k]! * t;
        HEAPF64[aper + k] = a0[k]! * (1 - t) + a1[k]! * t;
      }
      return true;
    },
    f0At(ms: number): number {
      const x = position(ms);
      const i0 = Math.floor(x);
      const i1 = Math.min(n - 1, i0 + 1);
      const a = f0[i0]!, b = f0[i1]!;
      if (a <= 0 || b <= 0) return x - i0 < 0.5 ? a : b;
      return a + (b - a) * (x - i0);
    },
    msLength: () => msLength,
    fftSize: () => fftSize,
  };
  const spectrogram = (w.Spectrogram as unknown as { implement(o: object): Handle }).implement(impl);
  const length = opts.length ?? Math.max(1, Math.floor((msLength / 1000) * frames.sampleRate));
  const out = new w.Waveform(length, frames.sampleRate);
  const synth = new w.SynthesizeWaveformWithWORLD();
  try {
    synth.synthesize(out, spectrogram as never);
    const dataPtr = w.wasm.HEAPU32[ptrOf(out) >> 2]! >> 3;
    return Float32Array.from(w.wasm.HEAPF64.subarray(dataPtr, dataPtr + length));
  } finally {
    synth.delete();
    out.delete();
    spectrogram.delete();
  }
}
