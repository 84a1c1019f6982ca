import { encodeWav } from '@avatar-factory/speech';
import { describe, expect, it } from 'vitest';
import { readWavPcm } from './wav-pcm';

const bytesOf = (buffer: Buffer): ArrayBuffer => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

/** A WAV file written field by field: `fmt` gives format code, channels, rate, bits; `chunks` go before `fmt `. */
function wavFile(options: { code: number; channels: number; sampleRate: number; bits: number; data: Buffer; dataSize?: number; extensible?: boolean; before?: Buffer }): ArrayBuffer {
  const { code, channels, sampleRate, bits, data } = options;
  const fmt = Buffer.alloc(options.extensible ? 40 : 16);
  fmt.writeUInt16LE(options.extensible ? 0xfffe : code, 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE((sampleRate * channels * bits) / 8, 8);
  fmt.writeUInt16LE((channels * bits) / 8, 12);
  fmt.writeUInt16LE(bits, 14);
  if (options.extensible) {
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(bits, 18);
    // The sub-format GUID: the format code, then the fixed tail of KSDATAFORMAT_SUBTYPE_*.
    fmt.writeUInt16LE(code, 24);
    Buffer.from('000000001000800000aa00389b71', 'hex').copy(fmt, 26);
  }
  const chunk = (id: string, body: Buffer, size = body.length) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'ascii');
    head.writeUInt32LE(size, 4);
    return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
  };
  const body = Buffer.concat([Buffer.from('WAVE', 'ascii'), ...(options.before ? [chunk('LIST', options.before)] : []), chunk('fmt ', fmt), chunk('data', data, options.dataSize)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return bytesOf(Buffer.concat([riff, body]));
}

describe('readWavPcm', () => {
  it('reads the server speech WAV (16-bit mono, encodeWav) to the same samples within two steps', () => {
    const samples = Float32Array.from({ length: 4800 }, (_, i) => 0.8 * Math.sin((2 * Math.PI * 220 * i) / 48_000));
    const pcm = readWavPcm(bytesOf(encodeWav(samples, 48_000)));
    expect(pcm?.sampleRate).toBe(48_000);
    expect(pcm?.channels).toHaveLength(1);
    const read = pcm!.channels[0]!;
    expect(read).toHaveLength(samples.length);
    expect(Math.max(...read.map((value, i) => Math.abs(value - samples[i]!)))).toBeLessThanOrEqual(1 / 0x8000); // both sides scale by 0x8000: half a step of rounding
  });

  it('reads interleaved stereo, 8-, 24-, 32-bit integers and 32-bit float, plain or WAVE_FORMAT_EXTENSIBLE', () => {
    const stereo16 = Buffer.alloc(8);
    [0x4000, -0x4000, 0x7fff, -0x8000].forEach((value, i) => stereo16.writeInt16LE(value, i * 2));
    const two = readWavPcm(wavFile({ code: 1, channels: 2, sampleRate: 16_000, bits: 16, data: stereo16, extensible: true }));
    expect(two?.channels.map((channel) => Array.from(channel))).toEqual([[0.5, 32767 / 32768], [-0.5, -1]]);

    expect(Array.from(readWavPcm(wavFile({ code: 1, channels: 1, sampleRate: 8000, bits: 8, data: Buffer.from([128, 192, 0]) }))!.channels[0]!)).toEqual([0, 0.5, -1]);
    const s24 = Buffer.from([0x00, 0x00, 0x40, 0x00, 0x00, 0xc0]); // +0.5, -0.5
    expect(Array.from(readWavPcm(wavFile({ code: 1, channels: 1, sampleRate: 44_100, bits: 24, data: s24 }))!.channels[0]!)).toEqual([0.5, -0.5]);
    const s32 = Buffer.alloc(4);
    s32.writeInt32LE(-0x40000000);
    expect(Array.from(readWavPcm(wavFile({ code: 1, channels: 1, sampleRate: 44_100, bits: 32, data: s32 }))!.channels[0]!)).toEqual([-0.5]);
    const f32 = Buffer.alloc(8);
    f32.writeFloatLE(0.25, 0);
    f32.writeFloatLE(-1, 4);
    expect(Array.from(readWavPcm(wavFile({ code: 3, channels: 1, sampleRate: 24_000, bits: 32, data: f32, extensible: true }))!.channels[0]!)).toEqual([0.25, -1]);
  });

  it('walks past other chunks and trusts the file length over an oversized or streamed data size', () => {
    const data = Buffer.alloc(6);
    [100, -100, 200].forEach((value, i) => data.writeInt16LE(value, i * 2));
    for (const dataSize of [6, 0xffffffff, 1_000_000]) {
      const pcm = readWavPcm(wavFile({ code: 1, channels: 1, sampleRate: 22_050, bits: 16, data, dataSize, before: Buffer.from('even') }));
      expect(pcm?.channels[0]).toHaveLength(3);
      expect(pcm?.channels[0]![2]).toBeCloseTo(200 / 0x8000, 6);
    }
  });

  it('returns null for what it does not read, so the browser decoder gets it', () => {
    const data = Buffer.alloc(8);
    expect(readWavPcm(wavFile({ code: 2, channels: 1, sampleRate: 8000, bits: 4, data }))).toBeNull(); // ADPCM
    expect(readWavPcm(wavFile({ code: 1, channels: 1, sampleRate: 8000, bits: 12, data }))).toBeNull();
    expect(readWavPcm(bytesOf(Buffer.from('ID3\u0004 an mp3 file, not a wav')))).toBeNull();
    expect(readWavPcm(new ArrayBuffer(4))).toBeNull();
    const noFmt = Buffer.concat([Buffer.from('RIFF\u0010\u0000\u0000\u0000WAVEdata', 'latin1'), Buffer.alloc(4)]);
    expect(readWavPcm(bytesOf(noFmt))).toBeNull();
    // A data size of 0 reads as no samples: the browser decoder gets the file rather than silence.
    expect(readWavPcm(wavFile({ code: 1, channels: 1, sampleRate: 8000, bits: 16, data, dataSize: 0 }))).toBeNull();
  });
});
