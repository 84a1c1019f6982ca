import type { Box } from './types';

/** The smallest box holding every point (x, y first in each). */
function tightBox(points: ReadonlyArray<readonly [number, number, ...unknown[]]>): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The box of a Human face's 468 mesh points (its iris points left out). */
export const faceMeshBox = (mesh: ReadonlyArray<readonly [number, number, ...unknown[]]>): Box => tightBox(mesh.slice(0, 468));
