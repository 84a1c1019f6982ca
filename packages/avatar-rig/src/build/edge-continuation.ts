/** Box-blur radius applied to each new row or column as the fill moves one pixel further out... */
const STEP_BLUR_RADIUS = 2;
/** ...growing by one every this many pixels out, so that detail at the edge (a strand of hair) fades within about a tenth of the portrait. */
const BLUR_GROWTH = 8;

/** The known rectangle of an image: whole pixel columns x0..x1 and rows y0..y1, inclusive. */
export interface KnownRect { x0: number; y0: number; x1: number; y1: number }

/**
 * Fills an RGB image (`size` square) outside `known` by carrying the known edge outwards one row
 * (or column) at a time, each new line a box blur of the one before, wider the further out: the
 * photo's edge diffuses outwards, so a shirt, a neck or a wall goes on past the photo's edge in
 * its own colours, softening as it goes, without the hard streaks of repeated edge pixels and
 * without the fog of the whole photo's mean colour. Top and bottom first over the known columns,
 * then left and right over every row. Written here because sharp/libvips extends images only by
 * copying, mirroring or a constant.
 */
export function continueEdges(rgb: Uint8Array, size: number, known: KnownRect): Buffer {
  const img = Float32Array.from(rgb);
  const sums = new Float64Array((size + 1) * 3);
  /**
   * Writes at `to` (stride `step`, `count` pixels) the line at `from`, box-blurred with a radius
   * that grows with `distance` from the known edge (prefix sums of the line read before any write:
   * any radius costs the same).
   */
  const carry = (from: number, to: number, step: number, count: number, distance: number) => {
    const radius = STEP_BLUR_RADIUS + Math.floor(distance / BLUR_GROWTH);
    for (let c = 0; c < 3; c++) sums[c] = 0;
    for (let i = 0; i < count; i++) for (let c = 0; c < 3; c++) sums[(i + 1) * 3 + c] = sums[i * 3 + c]! + img[(from + i * step) * 3 + c]!;
    for (let i = 0; i < count; i++) {
      const lo = Math.max(0, i - radius), hi = Math.min(count, i + radius + 1);
      for (let c = 0; c < 3; c++) img[(to + i * step) * 3 + c] = (sums[hi * 3 + c]! - sums[lo * 3 + c]!) / (hi - lo);
    }
  };
  const width = known.x1 - known.x0 + 1;
  for (let y = known.y1 + 1; y < size; y++) carry((y - 1) * size + known.x0, y * size + known.x0, 1, width, y - known.y1);
  for (let y = known.y0 - 1; y >= 0; y--) carry((y + 1) * size + known.x0, y * size + known.x0, 1, width, known.y0 - y);
  for (let x = known.x1 + 1; x < size; x++) carry(x - 1, x, size, size, x - known.x1);
  for (let x = known.x0 - 1; x >= 0; x--) carry(x + 1, x, size, size, known.x0 - x);
  const out = Buffer.alloc(img.length);
  for (let i = 0; i < img.length; i++) out[i] = Math.round(img[i]!);
  return out;
}
