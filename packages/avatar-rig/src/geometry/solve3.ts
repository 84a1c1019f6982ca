/** Determinant of a 3x3 matrix given by rows. */
const det3 = (m: readonly (readonly number[])[]) =>
  m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) - m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) + m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);

/** x with m x = b by Cramer's rule (the normal equations of a small least-squares fit); null when m is (nearly) singular. */
export function solve3(m: readonly (readonly number[])[], b: readonly number[]): [number, number, number] | null {
  const d = det3(m);
  if (Math.abs(d) < 1e-9) return null;
  const column = (k: number) => det3(m.map((row, r) => row.map((v, c) => (c === k ? b[r]! : v)))) / d;
  return [column(0), column(1), column(2)];
}
