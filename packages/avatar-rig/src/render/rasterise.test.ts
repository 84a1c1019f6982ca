import { describe, expect, it } from 'vitest';
import { createMultisample, rasteriseTriangles, resolveMultisample, type RgbaImage } from './rasterise';

/** A 16x16 texture whose every texel is distinct. */
function pattern(): RgbaImage {
  const data = new Uint8Array(16 * 16 * 4);
  for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) data.set([x * 16, y * 16, (x * 7 + y * 13) % 256, 255], (y * 16 + x) * 4);
  return { width: 16, height: 16, data };
}

describe('rasteriseTriangles', () => {
  it('reproduces a texture exactly when the quad maps it one to one (no cracks on the diagonal)', () => {
    const tex = pattern();
    const out: RgbaImage = { width: 16, height: 16, data: new Uint8Array(16 * 16 * 4) };
    rasteriseTriangles(out, [0, 0, 16, 0, 16, 16, 0, 16], [0, 0, 1, 0, 1, 1, 0, 1], [0, 1, 2, 0, 2, 3], tex);
    expect(Buffer.from(out.data).equals(Buffer.from(tex.data))).toBe(true);
  });

  it('samples bilinearly between texels and leaves pixels outside the triangles untouched', () => {
    const tex: RgbaImage = { width: 2, height: 1, data: new Uint8Array([0, 0, 0, 255, 200, 100, 50, 255]) };
    const out: RgbaImage = { width: 4, height: 4, data: new Uint8Array(4 * 4 * 4) };
    // The 2x1 texture stretched over the left half of the image, 2 px wide.
    rasteriseTriangles(out, [0, 0, 2, 0, 2, 4, 0, 4], [0, 0, 1, 0, 1, 1, 0, 1], [0, 1, 2, 0, 2, 3], tex);
    // Pixel centres x = 0.5 and 1.5 fall on texel centres: exact colours.
    expect([...out.data.subarray(0, 4)]).toEqual([0, 0, 0, 255]);
    expect([...out.data.subarray(4, 8)]).toEqual([200, 100, 50, 255]);
    expect([...out.data.subarray(8, 16)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // Stretched over 4 px instead, x = 1.5 lands a quarter of the way between the texels.
    const wide: RgbaImage = { width: 4, height: 1, data: new Uint8Array(16) };
    rasteriseTriangles(wide, [0, 0, 4, 0, 4, 1, 0, 1], [0, 0, 1, 0, 1, 1, 0, 1], [0, 1, 2, 0, 2, 3], tex);
    expect([...wide.data.subarray(4, 8)]).toEqual([50, 25, 13, 255]);
  });

  it('with a depth test, the nearer of two overlapping triangles shows whatever their order', () => {
    const red: RgbaImage = { width: 1, height: 1, data: new Uint8Array([255, 0, 0, 255]) };
    const blue: RgbaImage = { width: 1, height: 1, data: new Uint8Array([0, 0, 255, 255]) };
    // Two full-image quads: vertices 0-3 near on the left edge and far on the right, 4-7 the other way round.
    const positions = [0, 0, 8, 0, 8, 8, 0, 8, 0, 0, 8, 0, 8, 8, 0, 8];
    const depth = [1, -1, -1, 1, -1, 1, 1, -1];
    const uvs = new Array(16).fill(0.5);
    for (const order of [[0, 1], [1, 0]]) {
      const out: RgbaImage = { width: 8, height: 8, data: new Uint8Array(8 * 8 * 4) };
      const buffer = new Float32Array(64).fill(-Infinity);
      const quads = [[0, 1, 2, 0, 2, 3], [4, 5, 6, 4, 6, 7]];
      const textures = [red, blue];
      for (const q of order) rasteriseTriangles(out, positions, uvs, quads[q]!, textures[q]!, { depthTest: { depth, buffer } });
      // Left column: quad 0 (red) is nearer; right column: quad 1 (blue).
      expect([...out.data.subarray(4 * (3 * 8), 4 * (3 * 8) + 4)]).toEqual([255, 0, 0, 255]);
      expect([...out.data.subarray(4 * (3 * 8 + 7), 4 * (3 * 8 + 7) + 4)]).toEqual([0, 0, 255, 255]);
    }
  });

  it('with four samples a pixel, softens a layer\'s outline and nothing inside the mesh', () => {
    // Inside: the one-to-one quad still reproduces the texture exactly (the diagonal is not blurred).
    const tex = pattern();
    const exact: RgbaImage = { width: 16, height: 16, data: new Uint8Array(16 * 16 * 4) };
    const samples = createMultisample(16, 16);
    rasteriseTriangles(exact, [0, 0, 16, 0, 16, 16, 0, 16], [0, 0, 1, 0, 1, 1, 0, 1], [0, 1, 2, 0, 2, 3], tex, { multisample: samples });
    resolveMultisample(samples, exact);
    expect(Buffer.from(exact.data).equals(Buffer.from(tex.data))).toBe(true);
    // Outline: white over black, the edge at x = 1.5 through the middle of pixel 1. Two of its
    // four samples lie left of it: the pixel is half white. Pixel 0 is white, pixel 2 black.
    const white: RgbaImage = { width: 1, height: 1, data: new Uint8Array([255, 255, 255, 255]) };
    const out: RgbaImage = { width: 4, height: 1, data: new Uint8Array(16) };
    const edge = createMultisample(4, 1);
    for (let o = 0; o < edge.colour.length; o += 4) edge.colour.set([0, 0, 0, 255], o);
    rasteriseTriangles(out, [0, 0, 1.5, 0, 1.5, 1, 0, 1], new Array(8).fill(0.5), [0, 1, 2, 0, 2, 3], white, { multisample: edge });
    resolveMultisample(edge, out);
    expect([...out.data.subarray(0, 12)]).toEqual([255, 255, 255, 255, 128, 128, 128, 255, 0, 0, 0, 255]);
  });

  it('coverage only: the same layer map as a full draw, transparent texels uncovered, the pixels left alone', () => {
    // An opaque quad over the whole image, then a half-transparent one whose right half is clear.
    const half: RgbaImage = { width: 2, height: 1, data: new Uint8Array([10, 20, 30, 255, 10, 20, 30, 0]) };
    const layers = [{ tex: pattern(), id: 1 }, { tex: half, id: 2 }];
    const draw = (coverageOnly: boolean) => {
      const out: RgbaImage = { width: 16, height: 16, data: new Uint8Array(16 * 16 * 4).fill(7) };
      const layerOf = new Uint8Array(16 * 16);
      for (const { tex, id } of layers) rasteriseTriangles(out, [0, 0, 16, 0, 16, 16, 0, 16], [0, 0, 1, 0, 1, 1, 0, 1], [0, 1, 2, 0, 2, 3], tex, { coverage: { layerOf, id }, coverageOnly });
      return { out, layerOf };
    };
    const full = draw(false), only = draw(true);
    expect([...only.layerOf]).toEqual([...full.layerOf]);
    expect(only.layerOf[0]).toBe(2);
    expect(only.layerOf[15]).toBe(1);
    expect(only.out.data.every((v) => v === 7)).toBe(true);
  });
});
