import speexResamplerInit from '@echogarden/speex-resampler-wasm';

/** The subset of the Emscripten module we call. */
interface SpeexModule {
  HEAPF32: Float32Array;
  HEAPU32: Uint32Array;
  HEAP32: Int32Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _speex_resampler_init(channels: number, inRate: number, outRate: number, quality: number, errPtr: number): number;
  _speex_resampler_process_float(st: number, channel: number, inPtr: number, inLenPtr: number, outPtr: number, outLenPtr: number): number;
  _speex_resampler_get_input_latency(st: number): number;
  _speex_resampler_get_output_latency(st: number): number;
  _speex_resampler_destroy(st: number): void;
}

let modulePromise: Promise<SpeexModule> | undefined;
function speex(): Promise<SpeexModule> {
  modulePromise ??= (speexResamplerInit as unknown as () => Promise<SpeexModule>)();
  return modulePromise;
}

/**
 * Resamples mono audio with the SpeexDSP resampler (windowed sinc, maintained WASM port). The
 * filter delays its output by its latency, so we feed that many zeros at the end and drop the same
 * count at the start: the result is time-aligned with the input. `quality` is Speex's 0..10
 * (5 is its default "desktop" setting; 8 is transparent for playback).
 */
export async function resample(input: Float32Array, fromRate: number, toRate: number, quality = 5): Promise<Float32Array> {
  if (fromRate === toRate) return input.slice();
  if (input.length === 0) return new Float32Array(0);
  const m = await speex();
  const errPtr = m._malloc(4);
  const st = m._speex_resampler_init(1, fromRate, toRate, quality, errPtr);
  const err = m.HEAP32[errPtr >> 2];
  m._free(errPtr);
  if (!st || err !== 0) throw new Error(`Speex resampler init failed (${fromRate} -> ${toRate}, code ${err})`);
  const padIn = m._speex_resampler_get_input_latency(st);
  const dropOut = m._speex_resampler_get_output_latency(st);
  const inLen = input.length + padIn;
  const outCap = Math.ceil((inLen * toRate) / fromRate) + 16;
  const inPtr = m._malloc(inLen * 4);
  const outPtr = m._malloc(outCap * 4);
  const lenPtr = m._malloc(8);
  try {
    // Views are re-read after every malloc: the WASM memory may have grown and detached old ones.
    m.HEAPF32.fill(0, inPtr >> 2, (inPtr >> 2) + inLen);
    m.HEAPF32.set(input, inPtr >> 2);
    m.HEAPU32[lenPtr >> 2] = inLen;
    m.HEAPU32[(lenPtr >> 2) + 1] = outCap;
    const rc = m._speex_resampler_process_float(st, 0, inPtr, lenPtr, outPtr, lenPtr + 4);
    if (rc !== 0) throw new Error(`Speex resampler failed with code ${rc}`);
    const produced = m.HEAPU32[(lenPtr >> 2) + 1] ?? 0;
    const wanted = Math.round((input.length * toRate) / fromRate);
    const start = (outPtr >> 2) + Math.min(dropOut, produced);
    const end = Math.min((outPtr >> 2) + produced, start + wanted);
    return m.HEAPF32.slice(start, end);
  } finally {
    m._free(inPtr);
    m._free(outPtr);
    m._free(lenPtr);
    m._speex_resampler_destroy(st);
  }
}
