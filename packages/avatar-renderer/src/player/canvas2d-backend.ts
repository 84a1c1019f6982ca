import { isLiningLayer, type Rig } from '@avatar-factory/avatar-rig';
import { triangleAffine, type Affine } from './affine';
import { sourceSize, type RenderBackend } from './backend';
import { drawOrder } from './draw-order';
import type { Viewport } from './layout';

/** How far each clip triangle's edges are pushed outward, in device pixels, to hide antialiasing seams. */
const SEAM_PX = 0.5;
/** Cap on a vertex's outward move (sharp corners would otherwise shoot far out). */
const SEAM_MAX_PX = 2;
/** Source rectangle margin around a triangle's texels, so bilinear filtering has its neighbours. */
const SOURCE_MARGIN = 2;

type Drawable = CanvasImageSource;

interface LayerPlan {
  /** The texture as given, and its texture-pixel coordinates per vertex (u * width, v * height). */
  source: Drawable;
  sourceTexels: Float32Array;
  sourceWidth: number;
  sourceHeight: number;
  /** Rig pixels per texture pixel at rest (from triangle areas), to size the downscaled copy. */
  density: number;
  /** What is drawn: the texture, or a copy downscaled to about the display size. */
  image: Drawable;
  texels: Float32Array;
  texWidth: number;
  texHeight: number;
  /** The image as a fill pattern, when CanvasPattern.setTransform is supported. */
  pattern: CanvasPattern | null;
  /** The texture scale `image` was made for. */
  preparedScale: number;
  triangles: Uint32Array;
  /** SEAM_PX for the opaque layers; 0 for the translucent lip lining, whose overlapping seams would show as lines. */
  seamPx: number;
}

export interface Canvas2dOptions {
  /** 'pattern' fills each triangle with a transformed image pattern; 'clip' clips and draws the image. Default: pattern where supported. */
  method?: 'pattern' | 'clip';
}

/**
 * Canvas 2D fallback, layer by layer, affine-textured triangles in groups that share one affine map
 * (see GROUP_TOLERANCE_PX). Either each group is filled with the texture as a pattern under its
 * affine map (no clip, no state save), or, where CanvasPattern.setTransform is missing, the classic
 * way: clip to the group, set the affine transform and draw the group's bounding box of the texture.
 */
export function createCanvas2dBackend(canvas: HTMLCanvasElement | OffscreenCanvas, rig: Rig, textures: Record<string, TexImageSource>, options: Canvas2dOptions = {}): RenderBackend {
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error('Canvas 2D is not available on this canvas');
  const usePattern = options.method !== 'clip';
  const layers: LayerPlan[] = rig.layers.map((layer) => {
    const texture = textures[layer.texture];
    if (!texture) throw new Error(`texture ${layer.texture} of layer ${layer.name} is missing`);
    const source = toDrawable(texture);
    const { width, height } = sourceSize(texture);
    const sourceTexels = new Float32Array(layer.uvs.length);
    for (let i = 0; i < layer.uvs.length; i += 2) {
      sourceTexels[i] = layer.uvs[i]! * width;
      sourceTexels[i + 1] = layer.uvs[i + 1]! * height;
    }
    const density = restDensity(rig.vertices, sourceTexels, layer.triangles);
    return { source, sourceTexels, sourceWidth: width, sourceHeight: height, density, image: source, texels: sourceTexels, texWidth: width, texHeight: height, pattern: null, preparedScale: NaN, triangles: drawOrder(layer, rig.depth), seamPx: isLiningLayer(layer.name) ? 0 : SEAM_PX };
  });

  /**
   * Sampling a large texture far below its size costs every fill dearly in software canvases, so
   * draw from a copy downscaled (with high-quality smoothing, once per display scale) to the size
   * it appears on screen.
   */
  const prepare = (layer: LayerPlan, viewScale: number) => {
    const wanted = Math.min(1, viewScale * layer.density);
    const scale = wanted > 0.8 ? 1 : Math.ceil(wanted * 20) / 20;
    if (scale === layer.preparedScale) return;
    layer.preparedScale = scale;
    if (scale === 1) {
      layer.image = layer.source;
      layer.texels = layer.sourceTexels;
      layer.texWidth = layer.sourceWidth;
      layer.texHeight = layer.sourceHeight;
    } else {
      const w = Math.max(1, Math.round(layer.sourceWidth * scale));
      const h = Math.max(1, Math.round(layer.sourceHeight * scale));
      const copy = makeCanvas(w, h);
      const copyCtx = copy.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
      copyCtx.imageSmoothingQuality = 'high';
      copyCtx.drawImage(layer.source, 0, 0, w, h);
      layer.image = copy;
      layer.texels = layer.sourceTexels.map((v, i) => v * (i % 2 === 0 ? w / layer.sourceWidth : h / layer.sourceHeight));
      layer.texWidth = w;
      layer.texHeight = h;
    }
    const pattern = usePattern ? ctx.createPattern(layer.image, 'no-repeat') : null;
    layer.pattern = pattern && typeof pattern.setTransform === 'function' ? pattern : null;
  };
  const m: Affine = [1, 0, 0, 1, 0, 0];
  const matrix = typeof DOMMatrix !== 'undefined' ? new DOMMatrix() : undefined;
  // The group being gathered: its affine map, its triangle count and its texels' bounding box.
  const group: Affine = [1, 0, 0, 1, 0, 0];
  let grouped = 0;
  const source = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  /** Fills the path gathered for the group (see GROUP_TOLERANCE_PX) with its layer's texture. */
  const fillGroup = (layer: LayerPlan) => {
    if (grouped === 0) return;
    grouped = 0;
    if (layer.pattern && matrix) {
      matrix.a = group[0];
      matrix.b = group[1];
      matrix.c = group[2];
      matrix.d = group[3];
      matrix.e = group[4];
      matrix.f = group[5];
      layer.pattern.setTransform(matrix);
      ctx.fillStyle = layer.pattern;
      ctx.fill();
      return;
    }
    ctx.save();
    ctx.clip();
    ctx.setTransform(group[0], group[1], group[2], group[3], group[4], group[5]);
    const sx = Math.max(0, Math.floor(source.x0) - SOURCE_MARGIN);
    const sy = Math.max(0, Math.floor(source.y0) - SOURCE_MARGIN);
    const sw = Math.min(layer.texWidth, Math.ceil(source.x1) + SOURCE_MARGIN) - sx;
    const sh = Math.min(layer.texHeight, Math.ceil(source.y1) + SOURCE_MARGIN) - sy;
    if (sw > 0 && sh > 0) ctx.drawImage(layer.image, sx, sy, sw, sh, sx, sy, sw, sh);
    ctx.restore();
  };

  return {
    kind: 'canvas2d',
    draw(positions: Float32Array, view: Viewport) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, view.canvasWidth, view.canvasHeight);
      ctx.imageSmoothingEnabled = true;
      // One clip to the rig's view per frame: the seam offsets must not spill into the letterbox bars.
      ctx.save();
      ctx.beginPath();
      ctx.rect(view.shown.x, view.shown.y, view.shown.width, view.shown.height);
      ctx.clip();
      const s = view.scale;
      for (const layer of layers) {
        prepare(layer, s);
        const { texels, triangles, seamPx } = layer;
        // Triangles are drawn in groups: a run of consecutive triangles (in drawing order, so what
        // covers what stays) that the first one's affine map places within GROUP_TOLERANCE_PX of
        // where they are is one path, filled once. Each fill costs about 15 us on a software
        // canvas whatever its size, and most of a frame's triangles move together: a real rig's
        // rest frame is 34 fills instead of 1288, an open jaw's about 700 instead of 1324.
        for (let t = 0; t < triangles.length; t += 3) {
          const i0 = triangles[t]!;
          const i1 = triangles[t + 1]!;
          const i2 = triangles[t + 2]!;
          const x0 = positions[i0 * 2]! * s + view.x;
          const y0 = positions[i0 * 2 + 1]! * s + view.y;
          const x1 = positions[i1 * 2]! * s + view.x;
          const y1 = positions[i1 * 2 + 1]! * s + view.y;
          const x2 = positions[i2 * 2]! * s + view.x;
          const y2 = positions[i2 * 2 + 1]! * s + view.y;
          // Closed mouths and other zero-area triangles draw nothing.
          const area2 = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
          if (Math.abs(area2) < 1e-3) continue;
          const u0 = texels[i0 * 2]!;
          const v0 = texels[i0 * 2 + 1]!;
          const u1 = texels[i1 * 2]!;
          const v1 = texels[i1 * 2 + 1]!;
          const u2 = texels[i2 * 2]!;
          const v2 = texels[i2 * 2 + 1]!;
          const fits = grouped > 0 && maps(group, u0, v0, x0, y0) && maps(group, u1, v1, x1, y1) && maps(group, u2, v2, x2, y2);
          if (!fits) {
            fillGroup(layer);
            if (!triangleAffine(u0, v0, u1, v1, u2, v2, x0, y0, x1, y1, x2, y2, m)) continue;
            for (let k = 0; k < 6; k++) group[k] = m[k]!;
            ctx.beginPath();
            source.x0 = source.y0 = Infinity;
            source.x1 = source.y1 = -Infinity;
          }
          grouped++;
          source.x0 = Math.min(source.x0, u0, u1, u2);
          source.y0 = Math.min(source.y0, v0, v1, v2);
          source.x1 = Math.max(source.x1, u0, u1, u2);
          source.y1 = Math.max(source.y1, v0, v1, v2);
          // Every triangle of a path winds the same way, so that the nonzero rule fills their union.
          if (area2 > 0) {
            offsetCorner(ctx, x0, y0, x1, y1, x2, y2, seamPx, true);
            offsetCorner(ctx, x1, y1, x2, y2, x0, y0, seamPx, false);
            offsetCorner(ctx, x2, y2, x0, y0, x1, y1, seamPx, false);
          } else {
            offsetCorner(ctx, x0, y0, x2, y2, x1, y1, seamPx, true);
            offsetCorner(ctx, x2, y2, x1, y1, x0, y0, seamPx, false);
            offsetCorner(ctx, x1, y1, x0, y0, x2, y2, seamPx, false);
          }
          ctx.closePath();
        }
        fillGroup(layer);
      }
      ctx.restore();
    },
    destroy() {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
    },
  };
}

/**
 * A triangle the current group's affine map places this close (device pixels) to where it is drawn
 * joins the group: neighbouring groups' textures meet at most twice this apart, below what shows
 * (Canvas 2D against WebGL2 on the real rigs' poses: 32-40 dB either way; at 4 px the blink vanished).
 */
const GROUP_TOLERANCE_PX = 0.2;

/** Whether the affine map `a` takes texel (u, v) to within GROUP_TOLERANCE_PX of (x, y). */
function maps(a: Affine, u: number, v: number, x: number, y: number): boolean {
  return Math.abs(a[0] * u + a[2] * v + a[4] - x) <= GROUP_TOLERANCE_PX && Math.abs(a[1] * u + a[3] * v + a[5] - y) <= GROUP_TOLERANCE_PX;
}

/**
 * Polygon offsetting: moving a corner out along its angle bisector by d / sin(angle / 2) moves both
 * of its edges out by exactly d, so neighbouring triangles overlap by d and no background shows.
 */
function offsetCorner(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, x: number, y: number, ax: number, ay: number, bx: number, by: number, seamPx: number, first: boolean) {
  const la = Math.hypot(ax - x, ay - y) || 1;
  const lb = Math.hypot(bx - x, by - y) || 1;
  const sx = (ax - x) / la + (bx - x) / lb;
  const sy = (ay - y) / la + (by - y) / lb;
  const sum = Math.hypot(sx, sy) || 1;
  // |ua + ub| = 2 cos(angle / 2).
  const halfCos = Math.min(1, sum / 2);
  const halfSin = Math.sqrt(1 - halfCos * halfCos);
  const distance = Math.min(SEAM_MAX_PX, seamPx / Math.max(halfSin, 1e-3));
  const px = x - (sx / sum) * distance;
  const py = y - (sy / sum) * distance;
  if (first) ctx.moveTo(px, py);
  else ctx.lineTo(px, py);
}

/** Rig pixels per texture pixel over the layer's rest triangles: sqrt(sum of rig areas / sum of texel areas). */
function restDensity(vertices: number[], texels: Float32Array, triangles: number[]): number {
  let rigArea = 0;
  let texelArea = 0;
  const area = (p: ArrayLike<number>, a: number, b: number, c: number) =>
    Math.abs((p[b * 2]! - p[a * 2]!) * (p[c * 2 + 1]! - p[a * 2 + 1]!) - (p[c * 2]! - p[a * 2]!) * (p[b * 2 + 1]! - p[a * 2 + 1]!));
  for (let t = 0; t < triangles.length; t += 3) {
    rigArea += area(vertices, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!);
    texelArea += area(texels, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!);
  }
  return texelArea > 0 && rigArea > 0 ? Math.sqrt(rigArea / texelArea) : 1;
}

function makeCanvas(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  return typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });
}

/** ImageData cannot be passed to drawImage: copy it into a canvas once. */
function toDrawable(source: TexImageSource): Drawable {
  if (typeof ImageData !== 'undefined' && source instanceof ImageData) {
    const canvas = makeCanvas(source.width, source.height);
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!ctx) throw new Error('Canvas 2D is not available');
    ctx.putImageData(source, 0, 0);
    return canvas;
  }
  return source as Drawable;
}

