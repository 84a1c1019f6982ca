import { SpeechError } from '../errors.ts';

/**
 * RIFF INFO tags (four-character ids such as ISFT for software, ICMT for comment) written in a
 * LIST chunk. Players ignore them; tools such as ffprobe and exiftool show them.
 */
export type WavInfo = Readonly<Record<string, string>>;

/** Encodes mono float samples (-1..1) as a 16-bit PCM RIFF/WAVE file, with optional INFO tags. */
export function encodeWav(samples: Float32Array, sampleRate: number, info?: WavInfo): Buffer {
  const dataBytes = samples.length * 2;
  const header = Buffer.alloc(36);
  header.write('RIFF', 0, 'ascii');
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  const list = info ? encodeInfoList(info) : Buffer.alloc(0);
  const data = Buffer.alloc(8 + dataBytes);
  data.write('data', 0, 'ascii');
  data.writeUInt32LE(dataBytes, 4);
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i] ?? 0));
    data.writeInt16LE(Math.round(clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff), 8 + i * 2);
  }
  const file = Buffer.concat([header, list, data]);
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

/**
 * Decodes the 16-bit PCM mono WAV files that open_jtalk and flite write. Walks the RIFF chunks
 * rather than assuming a 44-byte header, and trusts the file length over a data size of 0 or
 * 0xffffffff (written by tools that stream).
 */
export function decodePcm16Wav(file: Buffer): { samples: Float32Array; sampleRate: number } {
  if (file.length < 12 || file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new SpeechError('engine_failed', 'The speech engine did not write a WAV file');
  }
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = file.readUInt16LE(body + 2);
      sampleRate = file.readUInt32LE(body + 4);
      bits = file.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16 || channels < 1) throw new SpeechError('engine_failed', `Unsupported WAV format: ${bits} bit, ${channels} channels`);
      const end = size === 0 || body + size > file.length ? file.length : body + size;
      const frames = Math.floor((end - body) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = file.readInt16LE(body + i * 2 * channels) / 0x8000;
      return { samples, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new SpeechError('engine_failed', 'The WAV file from the speech engine has no data');
}
