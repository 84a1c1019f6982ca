/** Rounds to `digits` decimals for compact JSON; `+ 0` turns -0 into 0 so that JSON round trips are exact. */
export function roundTo(x: number, digits: number): number {
  const k = 10 ** digits;
  return Math.round(x * k) / k + 0;
}
