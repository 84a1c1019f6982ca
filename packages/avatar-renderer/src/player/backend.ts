import type { Viewport } from './layout';

export type BackendKind = 'webgl2' | 'canvas2d';

/** Draws the rig's layers for one frame of evaluated vertex positions (rig pixels). */
export interface RenderBackend {
  readonly kind: BackendKind;
  draw(positions: Float32Array, viewport: Viewport): void;
  destroy(): void;
}

/** Pixel size of any texture source the browser can draw. */
export function sourceSize(source: TexImageSource): { width: number; height: number } {
  if (typeof HTMLImageElement !== 'undefined' && source instanceof HTMLImageElement) return { width: source.naturalWidth, height: source.naturalHeight };
  if (typeof HTMLVideoElement !== 'undefined' && source instanceof HTMLVideoElement) return { width: source.videoWidth, height: source.videoHeight };
  if (typeof VideoFrame !== 'undefined' && source instanceof VideoFrame) return { width: source.displayWidth, height: source.displayHeight };
  const sized = source as { width: number; height: number };
  return { width: sized.width, height: sized.height };
}
