import { RIG_FORMAT, SUPPORTED_RIG_VERSIONS } from '@avatar-factory/avatar-rig';
import type { Rig } from '@avatar-factory/avatar-rig';

export interface RigBundle {
  rig: Rig;
  textures: Record<string, TexImageSource>;
}

type Fetch = (input: string) => Promise<Response>;
type DecodeImage = (blob: Blob) => Promise<TexImageSource>;

/** Browsers: decode to a premultiplied ImageBitmap, which both backends draw without a copy. */
const decodeWithImageBitmap: DecodeImage = (blob) => createImageBitmap(blob, { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'none' });

/**
 * Fetches `{base}/rig.json` and every layer texture `{base}/<texture file name>` (in parallel),
 * checks the rig's format and version, and decodes the textures.
 */
export async function loadRigBundle(baseUrl: string, fetchImpl: Fetch = (url) => fetch(url), decodeImage: DecodeImage = decodeWithImageBitmap): Promise<RigBundle> {
  const base = baseUrl.replace(/\/+$/, '');
  const rig = parseRig(await (await fetchOk(fetchImpl, `${base}/rig.json`)).json());
  const names = [...new Set(rig.layers.map((layer) => layer.texture))];
  const decoded = await Promise.all(names.map(async (name) => {
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) throw new Error(`rig texture name "${name}" is not a plain file name`);
    const response = await fetchOk(fetchImpl, `${base}/${encodeURIComponent(name)}`);
    return [name, await decodeImage(await response.blob())] as const;
  }));
  return { rig, textures: Object.fromEntries(decoded) };
}

async function fetchOk(fetchImpl: Fetch, url: string): Promise<Response> {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`GET ${url} failed: HTTP ${response.status}`);
  return response;
}

/** A light structural check: enough to fail early and clearly on a wrong or newer file. */
export function parseRig(value: unknown): Rig {
  const rig = value as Partial<Rig> | null;
  if (!rig || typeof rig !== 'object') throw new Error('rig.json is not an object');
  if (rig.format !== RIG_FORMAT) throw new Error(`rig.json format is ${String(rig.format)}, expected ${RIG_FORMAT}`);
  if (!(SUPPORTED_RIG_VERSIONS as readonly unknown[]).includes(rig.version)) throw new Error(`rig.json version ${String(rig.version)} is not supported (expected one of ${SUPPORTED_RIG_VERSIONS.join(', ')})`);
  if (!Array.isArray(rig.vertices) || !Array.isArray(rig.layers) || !Array.isArray(rig.targets) || !rig.visemes) throw new Error('rig.json lacks vertices, layers, targets or visemes');
  const vertexCount = rig.vertices.length / 2;
  for (const layer of rig.layers) {
    if (layer.uvs.length !== rig.vertices.length) throw new Error(`layer ${layer.name} has ${layer.uvs.length / 2} UVs for ${vertexCount} vertices`);
    if (layer.triangles.some((i) => i < 0 || i >= vertexCount)) throw new Error(`layer ${layer.name} indexes a missing vertex`);
  }
  return rig as Rig;
}
