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
 * Draws textured triangles into `target` (the painter's algorithm, in array order): half-space
 * edge functions with barycentric weights at pixel centres, affine UV interpolation (exact for a
 * 2D mesh), bilinear texture sampling, "over" alpha blending. Pixels on a shared edge are drawn by
 * both triangles (inclusive test), which leaves no cracks; with opaque textures that is harmless.
 */
export function rasteriseTriangles(target: RgbaImage, positions: ArrayLike<number>, uvs: ArrayLike<number>, triangles: ArrayLike<number>, texture: RgbaImage, coverage?: LayerCoverage, depthTest?: DepthTest): void {
  const { width: W, height: H, data: out } = target;
  const tw = texture.width, th = texture.height, tex = texture.data;
  const eps = -1e-7;
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
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const wa = ((bx - px) * (cy - py) - (by - py) * (cx - px)) * inv;
        const wb = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) * inv;
        const wc = 1 - wa - wb;
        if (wa < eps || wb < eps || wc < eps) continue;
        if (depthTest) {
          // Orthographic projection: depth interpolates affinely, like the texture coordinates.
          const z = wa * az + wb * bz + wc * cz;
          if (z <= depthTest.buffer[y * W + x]!) continue;
          depthTest.buffer[y * W + x] = z;
        }
        const u = wa * au + wb * bu + wc * cu, v = wa * av + wb * bv + wc * cv;
        if (sampleOver(out, (y * W + x) * 4, tex, tw, th, u, v) && coverage) coverage.layerOf[y * W + x] = coverage.id;
      }
    }
  }
}

/** Bilinear sample at texel coordinates (u, v), clamped to the edge, blended "over" out[o..o+3]; false when fully transparent. */
function sampleOver(out: Uint8Array | Buffer, o: number, tex: Uint8Array | Buffer, tw: number, th: number, u: number, v: number): boolean {
  const uc = Math.min(tw - 1, Math.max(0, u)), vc = Math.min(th - 1, Math.max(0, v));
  const x0 = Math.floor(uc), y0 = Math.floor(vc);
  const x1 = Math.min(tw - 1, x0 + 1), y1 = Math.min(th - 1, y0 + 1);
  const fx = uc - x0, fy = vc - y0;
  const i00 = (y0 * tw + x0) * 4, i10 = (y0 * tw + x1) * 4, i01 = (y1 * tw + x0) * 4, i11 = (y1 * tw + x1) * 4;
  const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
  const alpha = (tex[i00 + 3]! * w00 + tex[i10 + 3]! * w10 + tex[i01 + 3]! * w01 + tex[i11 + 3]! * w11) / 255;
  if (alpha <= 0) return false;
  for (let k = 0; k < 3; k++) {
    const s = tex[i00 + k]! * w00 + tex[i10 + k]! * w10 + tex[i01 + k]! * w01 + tex[i11 + k]! * w11;
    out[o + k] = Math.round(s * alpha + out[o + k]! * (1 - alpha));
  }
  out[o + 3] = Math.round(255 * (alpha + (out[o + 3]! / 255) * (1 - alpha)));
  return true;
}
