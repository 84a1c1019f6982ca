/** Where the rig is drawn inside the canvas backing store, in device pixels. */
export interface Viewport {
  /** Backing store size. */
  canvasWidth: number;
  canvasHeight: number;
  /** Letterboxed rectangle keeping the rig's aspect ratio, centred. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Device pixels per rig pixel. */
  scale: number;
}

/** Backing-store size for a CSS box at a device pixel ratio (at least 1 x 1, at most 4096 a side). */
export function backingSize(cssWidth: number, cssHeight: number, devicePixelRatio: number): { width: number; height: number } {
  const dpr = devicePixelRatio > 0 && Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1;
  return {
    width: Math.min(4096, Math.max(1, Math.round(cssWidth * dpr))),
    height: Math.min(4096, Math.max(1, Math.round(cssHeight * dpr))),
  };
}

/** Fits a rig of `rigWidth` x `rigHeight` into the canvas, letterboxed (contain). */
export function letterbox(canvasWidth: number, canvasHeight: number, rigWidth: number, rigHeight: number): Viewport {
  const scale = Math.min(canvasWidth / rigWidth, canvasHeight / rigHeight);
  const width = rigWidth * scale;
  const height = rigHeight * scale;
  return { canvasWidth, canvasHeight, x: (canvasWidth - width) / 2, y: (canvasHeight - height) / 2, width, height, scale };
}
