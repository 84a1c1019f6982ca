/** Linear PCM read from a WAV file: one Float32Array per channel, samples in [-1, 1]. */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array<ArrayBuffer>[];
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Reads an uncompressed WAV file (integer PCM of 8, 16, 24 or 32 bits, or 32-bit float) in one
 * synchronous pass. The server's speech is 16-bit PCM; reading it here instead of with
 * decodeAudioData saves that call's round trip to the decoder thread and its wait for the main
 * thread to take the result, which on a busy page was the largest part of the time from the
 * answer to the sound. Returns null for anything else (compressed formats, not a WAV), so the
 * caller can hand the file to the browser's decoder. Walks the RIFF chunks rather than assuming a
 * 44-byte header, and trusts the file length over a data size of 0 or 0xffffffff (streamed files).
 */
export function readWavPcm(file: ArrayBuffer): PcmAudio | null {
  const view = new DataView(file);
  const tag = (offset: number) => String.fromCharCode(view.getUint8(offset), view.getUint8(offset + 1), view.getUint8(offset + 2), view.getUint8(offset + 3));
  if (file.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null;
  let format: { code: number; channels: number; sampleRate: number; bits: number } | undefined;
  let offset = 12;
  while (offset + 8 <= file.byteLength) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= file.byteLength) {
      let code = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (code === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= file.byteLength) code = view.getUint16(body + 24, true);
      format = { code, channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
    } else if (id === 'data') {
      if (!format) return null;
      const end = size === 0 || size === 0xffffffff || body + size > file.byteLength ? file.byteLength : body + size;
      return readSamples(view, body, end, format);
    }
    offset = body + size + (size % 2); // chunks are padded to an even length
  }
  return null;
}

function readSamples(view: DataView, start: number, end: number, format: { code: number; channels: number; sampleRate: number; bits: number }): PcmAudio | null {
  const { code, channels: channelCount, sampleRate, bits } = format;
  const isInteger = code === WAVE_FORMAT_PCM && (bits === 8 || bits === 16 || bits === 24 || bits === 32);
  const isFloat = code === WAVE_FORMAT_IEEE_FLOAT && bits === 32;
  if ((!isInteger && !isFloat) || channelCount < 1 || sampleRate < 1) return null;
  const bytes = bits / 8;
  const frames = Math.floor((end - start) / (bytes * channelCount));
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  const read: (at: number) => number =
    isFloat ? (at) => view.getFloat32(at, true)
    : bits === 8 ? (at) => (view.getUint8(at) - 128) / 128
    : bits === 16 ? (at) => view.getInt16(at, true) / 0x8000
    : bits === 24 ? (at) => ((view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 0x800000)
    : (at) => view.getInt32(at, true) / 0x80000000;
  let at = start;
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < channelCount; channel++) {
      channels[channel]![frame] = read(at);
      at += bytes;
    }
  }
  return { sampleRate, channels };
}
