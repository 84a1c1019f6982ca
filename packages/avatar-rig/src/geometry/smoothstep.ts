/** 0 up to e0, 1 from e1 on, Hermite-smooth between (GLSL's smoothstep). */
export function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}
