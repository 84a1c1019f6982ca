import { decodeWaveToFloat32Channels, encodeWaveFromFloat32Channels } from '@echogarden/wave-codec';
import { SpeechError } from '../errors.ts';

/**
 * RIFF INFO tags (four-character ids such as ISFT for software, ICMT for comment) written in a
 * LIST chunk. Players ignore them; tools such as ffprobe and exiftool show them.
 */
export type WavInfo = Readonly<Record<string, string>>;

/**
 * Encodes mono float samples (-1..1) as a 16-bit PCM RIFF/WAVE file (@echogarden/wave-codec), with
 * optional INFO tags in a LIST chunk between `fmt ` and `data`, where readers that skip unknown
 * chunks meet it before the samples.
 */
export function encodeWav(samples: Float32Array, sampleRate: number, info?: WavInfo): Buffer {
  const plain = Buffer.from(encodeWaveFromFloat32Channels([samples], sampleRate, 16));
  if (!info) return plain;
  const dataOffset = 12 + 8 + plain.readUInt32LE(16);
  const file = Buffer.concat([plain.subarray(0, dataOffset), encodeInfoList(info), plain.subarray(dataOffset)]);
  file.writeUInt32LE(file.length - 8, 4);
  return file;
}

/** A LIST/INFO chunk: each tag a chunk of NUL-terminated UTF-8 text, padded to an even length. */
function encodeInfoList(info: WavInfo): Buffer {
  const tags = Object.entries(info).map(([id, text]) => {
    if (!/^[A-Z0-9]{4}$/.test(id)) throw new SpeechError('engine_failed', `A WAV INFO tag id is four capitals or digits, not "${id}"`);
    const body = Buffer.from(`${text}\0`, 'utf8');
    const chunk = Buffer.alloc(8 + body.length + (body.length % 2));
    chunk.write(id, 0, 'ascii');
    chunk.writeUInt32LE(body.length, 4);
    body.copy(chunk, 8);
    return chunk;
  });
  const content = Buffer.concat([Buffer.from('INFO', 'ascii'), ...tags]);
  const head = Buffer.alloc(8);
  head.write('LIST', 0, 'ascii');
  head.writeUInt32LE(content.length, 4);
  return Buffer.concat([head, content]);
}

/** Reads the INFO tags of a WAV file's LIST chunks (empty when it has none). */
export function readWavInfo(file: Buffer): Record<string, string> {
  const info: Record<string, string> = {};
  if (file.length < 12 || file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') return info;
  for (let offset = 12; offset + 8 <= file.length; ) {
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    const end = Math.min(file.length, body + size);
    if (file.toString('ascii', offset, offset + 4) === 'LIST' && file.toString('ascii', body, body + 4) === 'INFO') {
      for (let tag = body + 4; tag + 8 <= end; ) {
        const tagSize = file.readUInt32LE(tag + 4);
        const text = file.subarray(tag + 8, Math.min(end, tag + 8 + tagSize)).toString('utf8');
        info[file.toString('ascii', tag, tag + 4)] = text.replace(/\0+$/, '');
        tag += 8 + tagSize + (tagSize % 2);
      }
    }
    offset = body + size + (size % 2);
  }
  return info;
}

/** Decodes the WAV files that open_jtalk and flite write (first channel, samples in -1..1). */
export function decodePcm16Wav(file: Buffer): { samples: Float32Array; sampleRate: number } {
  let decoded: ReturnType<typeof decodeWaveToFloat32Channels>;
  try {
    decoded = decodeWaveToFloat32Channels(file);
  } catch (error) {
    throw new SpeechError('engine_failed', `The speech engine did not write a readable WAV file: ${(error as Error).message}`);
  }
  const samples = decoded.audioChannels[0];
  if (!samples || samples.length === 0) throw new SpeechError('engine_failed', 'The WAV file from the speech engine has no data');
  return { samples, sampleRate: decoded.sampleRate };
}
