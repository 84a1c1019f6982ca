import { describe, expect, it } from 'vitest';
import { convertFrame, fitJointGmm } from './gmm.ts';

/** Deterministic normal samples (Box-Muller over a fixed LCG). */
function normals(seed: number) {
  let s = seed;
  const u = () => ((s = (s * 1664525 + 1013904223) >>> 0) + 0.5) / 4294967296;
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

describe('joint-density GMM', () => {
  it('learns a different linear mapping in each of two clusters', async () => {
    const g = normals(7);
    const xs: Float64Array[] = [];
    const ys: Float64Array[] = [];
    // Cluster A around -3 maps y = 2x + 1; cluster B around +3 maps y = -x + 4 (2 dimensions).
    for (let i = 0; i < 1200; i++) {
      const a = i % 2 === 0;
      const x = Float64Array.from({ length: 2 }, () => (a ? -3 : 3) + 0.5 * g());
      xs.push(x);
      ys.push(x.map((v) => (a ? 2 * v + 1 : -v + 4) + 0.05 * g()));
    }
    const lls: number[] = [];
    const gmm = await fitJointGmm(xs, ys, { mixtures: 2, iterations: 20, onIteration: (_, ll) => lls.push(ll) });
    // EM never lowers the likelihood.
    for (let i = 1; i < lls.length; i++) expect(lls[i]!).toBeGreaterThanOrEqual(lls[i - 1]! - 1e-6);
    expect(gmm.weights[0]!).toBeCloseTo(0.5, 1);
    const ya = convertFrame(gmm, [-3.4, -2.6]);
    expect(ya[0]!).toBeCloseTo(2 * -3.4 + 1, 1);
    expect(ya[1]!).toBeCloseTo(2 * -2.6 + 1, 1);
    const yb = convertFrame(gmm, [3.3, 2.8]);
    expect(yb[0]!).toBeCloseTo(-3.3 + 4, 1);
    expect(yb[1]!).toBeCloseTo(-2.8 + 4, 1);
  });

  it('refuses mismatched inputs', async () => {
    await expect(fitJointGmm([new Float64Array(2)], [], { mixtures: 1, iterations: 1 })).rejects.toThrow();
  });
});
