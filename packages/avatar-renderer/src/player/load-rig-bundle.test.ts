import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, writeSyntheticBundle } from '../testing/demo-server';
import { createSyntheticRig } from '../testing/synthetic-rig';
import { loadRigBundle, parseRig } from './load-rig-bundle';

let root: string;
let server: Awaited<ReturnType<typeof startStaticServer>>;
const requested: string[] = [];
const fetchLogged = (url: string) => {
  requested.push(new URL(url).pathname);
  return fetch(url);
};
/** Node has no createImageBitmap: decode the PNG bytes with pngjs into ImageData-like pixels. */
const decodePng = async (blob: Blob) => {
  const png = PNG.sync.read(Buffer.from(await blob.arrayBuffer()));
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) } as unknown as ImageData;
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'avatar-renderer-bundle-'));
  await writeSyntheticBundle(join(root, 'good'));
  await writeSyntheticBundle(join(root, 'old'));
  const { rig } = createSyntheticRig();
  await writeFile(join(root, 'old', 'rig.json'), JSON.stringify({ ...rig, version: 3 }));
  server = await startStaticServer(root);
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('loadRigBundle', () => {
  it('fetches rig.json and each layer texture once from the base URL', async () => {
    requested.length = 0;
    const { rig, textures } = await loadRigBundle(`${server.url}/good/`, fetchLogged, decodePng);
    expect(rig.layers.map((l) => l.name)).toEqual(['mouth-interior', 'face']);
    expect(requested.sort()).toEqual(['/good/face.png', '/good/mouth-interior.png', '/good/rig.json']);
    const face = textures['face.png'] as ImageData;
    expect([face.width, face.height]).toEqual([rig.width, rig.height]);
  });

  it('fails clearly on a missing bundle or an unsupported version', async () => {
    await expect(loadRigBundle(`${server.url}/missing`, fetchLogged, decodePng)).rejects.toThrow(/rig\.json failed: HTTP 404/);
    await expect(loadRigBundle(`${server.url}/old`, fetchLogged, decodePng)).rejects.toThrow(/version 3 is not supported/);
  });

  it('rejects malformed rigs and texture names that are not plain file names', async () => {
    const { rig } = createSyntheticRig();
    expect(() => parseRig({ ...rig, format: 'x' })).toThrow(/format is x/);
    expect(() => parseRig({ ...rig, layers: [{ ...rig.layers[0]!, uvs: [0, 0] }] })).toThrow(/1 UVs for/);
    expect(() => parseRig({ ...rig, layers: [{ ...rig.layers[0]!, triangles: [0, 1, rig.vertices.length] }] })).toThrow(/missing vertex/);
    expect(parseRig(JSON.parse(JSON.stringify(rig)))).toEqual(rig);
    const sneaky = { ...rig, layers: [{ ...rig.layers[0]!, texture: '../good/face.png' }] };
    await writeFile(join(root, 'old', 'rig.json'), JSON.stringify(sneaky));
    requested.length = 0;
    await expect(loadRigBundle(`${server.url}/old`, fetchLogged, decodePng)).rejects.toThrow(/not a plain file name/);
    expect(requested).toEqual(['/old/rig.json']);
  });
});
