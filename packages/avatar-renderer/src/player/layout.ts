/** Where the rig is drawn inside the canvas backing store, in device pixels. */
export interface Viewport {
  /** Backing store size. */
  canvasWidth: number;
  canvasHeight: number;
  /** Where the whole portrait lies (beyond the canvas where the rig shows only its view). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Device pixels per rig pixel. */
  scale: number;
  /** What is drawn: the rig's view letterboxed (contain) and centred; nothing outside it. */
  shown: { x: number; y: number; width: number; height: number };
}

/** Backing-store size for a CSS box at a device pixel ratio (at least 1 x 1, at most 4096 a side). */
export function backingSize(cssWidth: number, cssHeight: number, devicePixelRatio: number): { width: number; height: number } {
  const dpr = devicePixelRatio > 0 && Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1;
  return {
    width: Math.min(4096, Math.max(1, Math.round(cssWidth * dpr))),
    height: Math.min(4096, Math.max(1, Math.round(cssHeight * dpr))),
  };
}

/**
 * Fits the rig's view (`view`, in rig pixels; the whole `rigWidth` x `rigHeight` portrait when
 * missing) into the canvas, letterboxed (contain) and centred.
 */
export function letterbox(canvasWidth: number, canvasHeight: number, rigWidth: number, rigHeight: number, view = { x: 0, y: 0, width: rigWidth, height: rigHeight }): Viewport {
  const scale = Math.min(canvasWidth / view.width, canvasHeight / view.height);
  const shown = { x: (canvasWidth - view.width * scale) / 2, y: (canvasHeight - view.height * scale) / 2, width: view.width * scale, height: view.height * scale };
  return { canvasWidth, canvasHeight, x: shown.x - view.x * scale, y: shown.y - view.y * scale, width: rigWidth * scale, height: rigHeight * scale, scale, shown };
}
