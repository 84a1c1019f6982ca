import sharp from 'sharp';
import { evaluateRig } from '../evaluate';
import { isLiningLayer, type Rig, type RigWeights } from '../types';
import { createMultisample, rasteriseTriangles, resolveMultisample, type DepthTest, type RgbaImage } from './rasterise';

/** Decoded layer textures, keyed by file name, so that a series of frames decodes them once. */
export type DecodedTextures = Map<string, RgbaImage>;

export async function decodeTextures(textures: Record<string, Buffer>): Promise<DecodedTextures> {
  const out: DecodedTextures = new Map();
  for (const [name, png] of Object.entries(textures)) {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    out.set(name, { width: info.width, height: info.height, data });
  }
  return out;
}

/**
 * Renders a frame of the rig on the CPU into RGBA pixels, layers in order. Hand-written because
 * Node has no maintained offscreen WebGL here (headless-gl needs a native build and system GL);
 * the browser renderer draws the same triangles with WebGL2 or Canvas 2D.
 */
export function renderRigRgba(rig: Rig, textures: DecodedTextures, weights: RigWeights = {}): RgbaImage {
  return renderRigFrame(rig, textures, weights, { antialias: true }).image;
}

export interface RenderedFrame {
  image: RgbaImage;
  /** Vertex positions of this frame (evaluateRig). */
  positions: Float32Array;
  /** Per pixel, 1 + the index in `rig.layers` of the layer that drew it last; 0 where none did. The linings count for none (isLiningLayer). */
  layerOf: Uint8Array;
}

/**
 * A frame with what quality checks need besides the pixels: which layer shows at each pixel (its
 * centre), and the frame's vertex positions. `antialias`: four samples per pixel, as the browser's
 * WebGL2 canvas draws (the pictures people see and an image reader reads); without, one at the
 * centre (the geometry checks count whole pixels). The rest frame is the same either way.
 * `coverageOnly`: `layerOf` and `positions` only, the image left blank (about 2.5 times faster: the
 * geometry checks read 27 poses' coverage and one frame's pixels).
 */
export function renderRigFrame(rig: Rig, textures: DecodedTextures, weights: RigWeights = {}, { antialias = false, coverageOnly = false }: { antialias?: boolean; coverageOnly?: boolean } = {}): RenderedFrame {
  const positions = evaluateRig(rig, weights);
  const image: RgbaImage = { width: rig.width, height: rig.height, data: new Uint8Array(rig.width * rig.height * 4) };
  const layerOf = new Uint8Array(rig.width * rig.height);
  const depthBuffer = new Float32Array(rig.width * rig.height);
  const multisample = antialias && !coverageOnly ? createMultisample(rig.width, rig.height) : undefined;
  rig.layers.forEach((layer, index) => {
    const texture = textures.get(layer.texture);
    if (!texture) throw new Error(`rig layer ${layer.name}: texture ${layer.texture} missing`);
    let depthTest: DepthTest | undefined;
    if (layer.depthTest && rig.depth) {
      depthBuffer.fill(-Infinity);
      multisample?.depth.fill(-Infinity);
      depthTest = { depth: rig.depth, buffer: depthBuffer };
    }
    const coverage = isLiningLayer(layer.name) ? undefined : { layerOf, id: index + 1 };
    rasteriseTriangles(image, positions, layer.uvs, layer.triangles, texture, { coverage, depthTest, multisample, coverageOnly });
  });
  if (multisample) resolveMultisample(multisample, image);
  return { image, positions, layerOf };
}

/** The avatar's PNG portrait (or any frame): the rig rendered at `weights` (rest by default). */
export async function renderRigPng(rig: Rig, textures: Record<string, Buffer>, weights: RigWeights = {}): Promise<Buffer> {
  const image = renderRigRgba(rig, await decodeTextures(textures), weights);
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).png().toBuffer();
}
