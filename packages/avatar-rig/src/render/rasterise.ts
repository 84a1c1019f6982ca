/** An RGBA image in memory. */
export interface RgbaImage { width: number; height: number; data: Uint8Array | Buffer }

/** Which layer drew each pixel last: `layerOf[y * width + x] = id` (0 = no layer drew it). */
export interface LayerCoverage { layerOf: Uint8Array; id: number }

/**
 * Rig v2 depth test: `depth` per vertex (larger = nearer), `buffer` per pixel (the nearest depth
 * drawn so far; fill with -Infinity before a layer). A pixel is drawn only where it is nearer.
 */
export interface DepthTest { depth: ArrayLike<number>; buffer: Float32Array }

/**
 * Four coverage samples per pixel, as a browser's WebGL2 canvas takes them (antialias: true):
 * `colour` holds RGBA per sample (width x height x 4 x 4 bytes), `depth` the nearest depth per
 * sample for a depth-tested layer (fill with -Infinity before one). resolveMultisample averages
 * them into the image; until then the image holds nothing of what was drawn.
 */
export interface Multisample { colour: Uint8Array; depth: Float32Array; /** `colour` as one word per sample. */ words: Uint32Array }

/** Sample offsets within a pixel: the 4x rotated grid of Direct3D / Vulkan standard positions. */
const SAMPLE_OFFSETS = [[0.375, 0.125], [0.875, 0.375], [0.125, 0.625], [0.625, 0.875]] as const;
/** One pixel's RGBA bytes and the same four bytes as a word in this machine's byte order. */
const pixelBytes = new Uint8Array(4);
const pixelWord = new Uint32Array(pixelBytes.buffer);

export function createMultisample(width: number, height: number): Multisample {
  const colour = new Uint8Array(width * height * 16);
  return { colour, depth: new Float32Array(width * height * 4), words: new Uint32Array(colour.buffer) };
}

export interface RasteriseOptions {
  coverage?: LayerCoverage;
  depthTest?: DepthTest;
  /** Draw into these per-sample buffers instead of `target`'s pixels (antialiased edges once resolved); coverage and depthTest still follow the pixel centres. */
  multisample?: Multisample;
  /** Only which layer shows where (`coverage` and `depthTest`): `target`'s pixels are left as they are. */
  coverageOnly?: boolean;
}

/**
 * Draws textured triangles into `target` (the painter's algorithm, in array order): half-space
 * edge functions with barycentric weights at pixel centres, affine UV interpolation (exact for a
 * 2D mesh), bilinear texture sampling, "over" alpha blending. Pixels on a shared edge are drawn by
 * both triangles (inclusive test), which leaves no cracks; with opaque textures that is harmless.
 * With `multisample`, each pixel's colour, taken once at its centre as a GPU's fragment shader
 * does, goes into the samples the triangle covers instead: a triangle's edge then covers a share
 * of the pixel instead of all or nothing. Inside a mesh every sample is covered, and a
 * pixel's colour is the same from either triangle of an edge (one affine map per triangle, exact
 * at the rest pose), so only a layer's outline is softened.
 */
export function rasteriseTriangles(target: RgbaImage, positions: ArrayLike<number>, uvs: ArrayLike<number>, triangles: ArrayLike<number>, texture: RgbaImage, options: RasteriseOptions = {}): void {
  const { coverage, depthTest, multisample, coverageOnly = false } = options;
  const { width: W, height: H, data: out } = target;
  const tw = texture.width, th = texture.height, tex = texture.data;
  // Coverage of an opaque texture needs no texture reads: every covered pixel shows it.
  const alwaysVisible = coverageOnly && isOpaque(texture);
  const eps = -1e-7;
  const colour = new Float64Array(4);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t]!, b = triangles[t + 1]!, c = triangles[t + 2]!;
    const ax = positions[a * 2]!, ay = positions[a * 2 + 1]!;
    const bx = positions[b * 2]!, by = positions[b * 2 + 1]!;
    const cx = positions[c * 2]!, cy = positions[c * 2 + 1]!;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-12) continue;
    const inv = 1 / area;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx))), x1 = Math.min(W - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy))), y1 = Math.min(H - 1, Math.ceil(Math.max(ay, by, cy)));
    // Texture coordinates in texel units, so that a texel centre maps to an integer.
    const au = uvs[a * 2]! * tw - 0.5, av = uvs[a * 2 + 1]! * th - 0.5;
    const bu = uvs[b * 2]! * tw - 0.5, bv = uvs[b * 2 + 1]! * th - 0.5;
    const cu = uvs[c * 2]! * tw - 0.5, cv = uvs[c * 2 + 1]! * th - 0.5;
    const az = depthTest?.depth[a] ?? 0, bz = depthTest?.depth[b] ?? 0, cz = depthTest?.depth[c] ?? 0;
    // How the barycentric weights change per pixel step (they are linear in x and y).
    const waDx = -(cy - by) * inv, waDy = (cx - bx) * inv;
    const wbDx = -(ay - cy) * inv, wbDy = (ax - cx) * inv;
    // How far a weight may differ between a pixel's centre and its samples (at most 0.375 px away on each axis).
    const reachA = 0.375 * (Math.abs(waDx) + Math.abs(waDy)), reachB = 0.375 * (Math.abs(wbDx) + Math.abs(wbDy));
    const reachC = 0.375 * (Math.abs(waDx + wbDx) + Math.abs(waDy + wbDy));
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const wa = ((bx - px) * (cy - py) - (by - py) * (cx - px)) * inv;
        const wb = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) * inv;
        const wc = 1 - wa - wb;
        const centreInside = wa >= eps && wb >= eps && wc >= eps;
        let samples = 0;
        if (multisample && wa >= reachA && wb >= reachB && wc >= reachC) samples = 15;
        else if (multisample && wa > -reachA && wb > -reachB && wc > -reachC) {
          for (let s = 0; s < 4; s++) {
            const dx = SAMPLE_OFFSETS[s]![0] - 0.5, dy = SAMPLE_OFFSETS[s]![1] - 0.5;
            const sa = wa + waDx * dx + waDy * dy, sb = wb + wbDx * dx + wbDy * dy;
            if (sa >= eps && sb >= eps && 1 - sa - sb >= eps) samples |= 1 << s;
          }
        }
        if (!centreInside && samples === 0) continue;
        const u = wa * au + wb * bu + wc * cu, v = wa * av + wb * bv + wc * cv;
        const visible = alwaysVisible || sampleTexture(colour, tex, tw, th, u, v);
        if (centreInside) {
          let nearer = true;
          if (depthTest) {
            // Orthographic projection: depth interpolates affinely, like the texture coordinates.
            const z = wa * az + wb * bz + wc * cz;
            nearer = z > depthTest.buffer[y * W + x]!;
            if (nearer) depthTest.buffer[y * W + x] = z;
          }
          if (nearer && visible) {
            // With samples, the resolve writes the picture: the centre only says which layer shows.
            if (!multisample && !coverageOnly) blendOver(out, (y * W + x) * 4, colour);
            if (coverage) coverage.layerOf[y * W + x] = coverage.id;
          }
        }
        if (!visible || !multisample || coverageOnly) continue;
        // An opaque colour is stored as one word (the common case: a pixel inside the mesh).
        let word = -1;
        if (colour[3]! >= 1) {
          for (let k = 0; k < 3; k++) pixelBytes[k] = Math.round(colour[k]!);
          pixelBytes[3] = 255;
          word = pixelWord[0]!;
        }
        const centreZ = wa * az + wb * bz + wc * cz;
        for (let s = 0; s < 4; s++) {
          if (!(samples & (1 << s))) continue;
          const at = (y * W + x) * 4 + s;
          if (depthTest) {
            // A pixel the triangle covers whole is depth-tested at its centre, as without samples.
            let z = centreZ;
            if (samples !== 15) {
              const dx = SAMPLE_OFFSETS[s]![0] - 0.5, dy = SAMPLE_OFFSETS[s]![1] - 0.5;
              const sa = wa + waDx * dx + waDy * dy, sb = wb + wbDx * dx + wbDy * dy;
              z = sa * az + sb * bz + (1 - sa - sb) * cz;
            }
            if (z <= multisample.depth[at]!) continue;
            multisample.depth[at] = z;
          }
          if (word >= 0) multisample.words[at] = word;
          else blendOver(multisample.colour, at * 4, colour);
        }
      }
    }
  }
}

const opaqueTextures = new WeakMap<RgbaImage, boolean>();

/** Whether every texel of `texture` is fully opaque (remembered per texture object). */
function isOpaque(texture: RgbaImage): boolean {
  let opaque = opaqueTextures.get(texture);
  if (opaque === undefined) {
    opaque = true;
    for (let i = 3; i < texture.data.length && opaque; i += 4) opaque = texture.data[i] === 255;
    opaqueTextures.set(texture, opaque);
  }
  return opaque;
}

/** The mean of each pixel's four samples, into `target`. */
export function resolveMultisample(multisample: Multisample, target: RgbaImage): void {
  const { colour } = multisample, out = target.data;
  for (let p = 0; p < target.width * target.height; p++) {
    for (let k = 0; k < 4; k++) {
      const o = p * 16 + k;
      out[p * 4 + k] = (colour[o]! + colour[o + 4]! + colour[o + 8]! + colour[o + 12]! + 2) >> 2;
    }
  }
}

/** Bilinear sample at texel coordinates (u, v), clamped to the edge, into `colour` (RGB 0-255, alpha 0-1); false when fully transparent. */
function sampleTexture(colour: Float64Array, tex: Uint8Array | Buffer, tw: number, th: number, u: number, v: number): boolean {
  const uc = Math.min(tw - 1, Math.max(0, u)), vc = Math.min(th - 1, Math.max(0, v));
  const x0 = Math.floor(uc), y0 = Math.floor(vc);
  const x1 = Math.min(tw - 1, x0 + 1), y1 = Math.min(th - 1, y0 + 1);
  const fx = uc - x0, fy = vc - y0;
  const i00 = (y0 * tw + x0) * 4, i10 = (y0 * tw + x1) * 4, i01 = (y1 * tw + x0) * 4, i11 = (y1 * tw + x1) * 4;
  const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
  const alpha = (tex[i00 + 3]! * w00 + tex[i10 + 3]! * w10 + tex[i01 + 3]! * w01 + tex[i11 + 3]! * w11) / 255;
  if (alpha <= 0) return false;
  for (let k = 0; k < 3; k++) colour[k] = tex[i00 + k]! * w00 + tex[i10 + k]! * w10 + tex[i01 + k]! * w01 + tex[i11 + k]! * w11;
  colour[3] = alpha;
  return true;
}

/** "Over" blending of a sampled colour into out[o..o+3]. */
function blendOver(out: Uint8Array | Buffer, o: number, colour: Float64Array): void {
  const alpha = colour[3]!;
  if (alpha >= 1) {
    out[o] = Math.round(colour[0]!); out[o + 1] = Math.round(colour[1]!); out[o + 2] = Math.round(colour[2]!); out[o + 3] = 255;
    return;
  }
  for (let k = 0; k < 3; k++) out[o + k] = Math.round(colour[k]! * alpha + out[o + k]! * (1 - alpha));
  out[o + 3] = Math.round(255 * (alpha + (out[o + 3]! / 255) * (1 - alpha)));
}
