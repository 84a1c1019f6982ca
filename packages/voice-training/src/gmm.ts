import { createRng } from '@avatar-factory/contracts/random';
import type { Pacer } from './pacer.ts';

/**
 * Joint-density GMM for spectral conversion (Kain & Macon 1998; Toda, Black & Tokuda 2007), with the
 * covariance of each mixture restricted to diagonal blocks: every coefficient d of the source x
 * correlates only with the same coefficient d of the target y, so each mixture holds per-dimension
 * 2x2 covariances [[vx, cxy], [cxy, vy]]. That keeps the regression term of the MMSE mapping while EM
 * costs O(frames x mixtures x dims) per iteration, which is what lets 30 takes train in seconds.
 * No maintained JS library fits a GMM with this structure (or any GMM with EM), hence this file.
 */
export interface JointGmm {
  weights: number[];
  meanX: number[][];
  meanY: number[][];
  varX: number[][];
  varY: number[][];
  covXY: number[][];
}

export interface FitOptions {
  mixtures: number;
  iterations: number;
  pacer?: Pacer;
  /** Called after each EM iteration with the mean log-likelihood per frame. */
  onIteration?: (iteration: number, logLikelihood: number) => void;
  seed?: number;
}

const LOG_2PI = Math.log(2 * Math.PI);

/** k-means++ seeding (Arthur & Vassilvitskii 2007) on the joint vectors, then a few Lloyd steps. */
function initialise(x: Float64Array[], y: Float64Array[], k: number, seed: number): Int32Array {
  const n = x.length;
  const dim = x[0]!.length;
  const rand = createRng(seed);
  const dist2 = (i: number, c: { x: Float64Array; y: Float64Array }) => {
    let s = 0;
    const xi = x[i]!, yi = y[i]!;
    for (let d = 0; d < dim; d++) {
      const a = xi[d]! - c.x[d]!, b = yi[d]! - c.y[d]!;
      s += a * a + b * b;
    }
    return s;
  };
  const centres = [{ x: Float64Array.from(x[Math.floor(rand() * n)]!), y: Float64Array.from(y[Math.floor(rand() * n)]!) }];
  const best = new Float64Array(n).fill(Infinity);
  while (centres.length < k) {
    let total = 0;
    const last = centres[centres.length - 1]!;
    for (let i = 0; i < n; i++) {
      best[i] = Math.min(best[i]!, dist2(i, last));
      total += best[i]!;
    }
    let r = rand() * total;
    let pick = n - 1;
    for (let i = 0; i < n; i++) {
      r -= best[i]!;
      if (r <= 0) {
        pick = i;
        break;
      }
    }
    centres.push({ x: Float64Array.from(x[pick]!), y: Float64Array.from(y[pick]!) });
  }
  const label = new Int32Array(n);
  for (let step = 0; step < 5; step++) {
    for (let i = 0; i < n; i++) {
      let bi = 0, bd = Infinity;
      for (let c = 0; c < k; c++) {
        const d = dist2(i, centres[c]!);
        if (d < bd) {
          bd = d;
          bi = c;
        }
      }
      label[i] = bi;
    }
    for (let c = 0; c < k; c++) {
      const sx = new Float64Array(dim), sy = new Float64Array(dim);
      let cnt = 0;
      for (let i = 0; i < n; i++) {
        if (label[i] !== c) continue;
        cnt++;
        for (let d = 0; d < dim; d++) {
          sx[d] = sx[d]! + x[i]![d]!;
          sy[d] = sy[d]! + y[i]![d]!;
        }
      }
      if (cnt === 0) continue;
      for (let d = 0; d < dim; d++) {
        sx[d] = sx[d]! / cnt;
        sy[d] = sy[d]! / cnt;
      }
      centres[c] = { x: sx, y: sy };
    }
  }
  return label;
}

/** Fits the joint GMM to paired frames x[i] <-> y[i] by EM (Dempster, Laird & Rubin 1977). */
export async function fitJointGmm(x: Float64Array[], y: Float64Array[], opts: FitOptions): Promise<JointGmm> {
  const n = x.length;
  if (n === 0 || n !== y.length) throw new Error('fitJointGmm needs the same non-zero number of source and target frames');
  const dim = x[0]!.length;
  const k = Math.max(1, Math.min(opts.mixtures, Math.floor(n / (4 * 1)) || 1));
  // Variance floor: a small share of the global variance, so a mixture cannot collapse on a few frames.
  const gx = new Float64Array(dim), gy = new Float64Array(dim), gvx = new Float64Array(dim), gvy = new Float64Array(dim);
  for (let i = 0; i < n; i++) for (let d = 0; d < dim; d++) {
    gx[d] = gx[d]! + x[i]![d]! / n;
    gy[d] = gy[d]! + y[i]![d]! / n;
  }
  for (let i = 0; i < n; i++) for (let d = 0; d < dim; d++) {
    gvx[d] = gvx[d]! + (x[i]![d]! - gx[d]!) ** 2 / n;
    gvy[d] = gvy[d]! + (y[i]![d]! - gy[d]!) ** 2 / n;
  }
  const floorX = Array.from(gvx, (v) => Math.max(v * 1e-3, 1e-8));
  const floorY = Array.from(gvy, (v) => Math.max(v * 1e-3, 1e-8));

  // Responsibilities start as the hard k-means labels.
  const resp = new Float64Array(n * k);
  const labels = initialise(x, y, k, opts.seed ?? 1);
  for (let i = 0; i < n; i++) resp[i * k + labels[i]!] = 1;

  const gmm: JointGmm = { weights: [], meanX: [], meanY: [], varX: [], varY: [], covXY: [] };
  const mStep = () => {
    gmm.weights = [];
    gmm.meanX = [];
    gmm.meanY = [];
    gmm.varX = [];
    gmm.varY = [];
    gmm.covXY = [];
    for (let c = 0; c < k; c++) {
      let nk = 0;
      const mx = new Float64Array(dim), my = new Float64Array(dim);
      for (let i = 0; i < n; i++) {
        const r = resp[i * k + c]!;
        if (r === 0) continue;
        nk += r;
        const xi = x[i]!, yi = y[i]!;
        for (let d = 0; d < dim; d++) {
          mx[d] = mx[d]! + r * xi[d]!;
          my[d] = my[d]! + r * yi[d]!;
        }
      }
      const safe = Math.max(nk, 1e-10);
      for (let d = 0; d < dim; d++) {
        mx[d] = mx[d]! / safe;
        my[d] = my[d]! / safe;
      }
      const vx = new Float64Array(dim), vy = new Float64Array(dim), cxy = new Float64Array(dim);
      for (let i = 0; i < n; i++) {
        const r = resp[i * k + c]!;
        if (r === 0) continue;
        const xi = x[i]!, yi = y[i]!;
        for (let d = 0; d < dim; d++) {
          const a = xi[d]! - mx[d]!, b = yi[d]! - my[d]!;
          vx[d] = vx[d]! + r * a * a;
          vy[d] = vy[d]! + r * b * b;
          cxy[d] = cxy[d]! + r * a * b;
        }
      }
      for (let d = 0; d < dim; d++) {
        vx[d] = Math.max(vx[d]! / safe, floorX[d]!);
        vy[d] = Math.max(vy[d]! / safe, floorY[d]!);
        // Keep each 2x2 block positive definite (|correlation| < 0.99).
        const lim = 0.99 * Math.sqrt(vx[d]! * vy[d]!);
        cxy[d] = Math.max(-lim, Math.min(lim, cxy[d]! / safe));
      }
      gmm.weights.push(Math.max(nk / n, 1e-6));
      gmm.meanX.push(Array.from(mx));
      gmm.meanY.push(Array.from(my));
      gmm.varX.push(Array.from(vx));
      gmm.varY.push(Array.from(vy));
      gmm.covXY.push(Array.from(cxy));
    }
    const total = gmm.weights.reduce((s, w) => s + w, 0);
    gmm.weights = gmm.weights.map((w) => w / total);
  };

  mStep();
  const logp = new Float64Array(k);
  for (let it = 0; it < opts.iterations; it++) {
    // E-step: bivariate Gaussian log-density per dimension, summed over dimensions.
    const consts = gmm.weights.map((w, c) => {
      let s = Math.log(w) - dim * LOG_2PI;
      for (let d = 0; d < dim; d++) {
        const det = gmm.varX[c]![d]! * gmm.varY[c]![d]! - gmm.covXY[c]![d]! ** 2;
        s -= 0.5 * Math.log(det);
      }
      return s;
    });
    let ll = 0;
    for (let i = 0; i < n; i++) {
      const xi = x[i]!, yi = y[i]!;
      let max = -Infinity;
      for (let c = 0; c < k; c++) {
        const mx = gmm.meanX[c]!, my = gmm.meanY[c]!, vx = gmm.varX[c]!, vy = gmm.varY[c]!, cv = gmm.covXY[c]!;
        let q = 0;
        for (let d = 0; d < dim; d++) {
          const a = xi[d]! - mx[d]!, b = yi[d]! - my[d]!;
          const det = vx[d]! * vy[d]! - cv[d]! * cv[d]!;
          q += (vy[d]! * a * a - 2 * cv[d]! * a * b + vx[d]! * b * b) / det;
        }
        const v = consts[c]! - 0.5 * q;
        logp[c] = v;
        if (v > max) max = v;
      }
      let sum = 0;
      for (let c = 0; c < k; c++) sum += Math.exp(logp[c]! - max);
      ll += max + Math.log(sum);
      for (let c = 0; c < k; c++) resp[i * k + c] = Math.exp(logp[c]! - max) / sum;
      if (opts.pacer && (i & 511) === 511) await opts.pacer.tick();
    }
    mStep();
    opts.onIteration?.(it + 1, ll / n);
    await opts.pacer?.tick();
  }
  return gmm;
}

/**
 * MMSE conversion of one source vector (Kain & Macon 1998): posterior of each mixture from the
 * source marginal, then the mixture-weighted conditional means E[y | x, m].
 */
export function convertFrame(gmm: JointGmm, x: ArrayLike<number>, out: Float64Array = new Float64Array(x.length)): Float64Array {
  const k = gmm.weights.length;
  const dim = x.length;
  const logp = new Float64Array(k);
  let max = -Infinity;
  for (let c = 0; c < k; c++) {
    const mx = gmm.meanX[c]!, vx = gmm.varX[c]!;
    let s = Math.log(gmm.weights[c]!);
    for (let d = 0; d < dim; d++) {
      const a = x[d]! - mx[d]!;
      s -= 0.5 * (Math.log(vx[d]!) + (a * a) / vx[d]!);
    }
    logp[c] = s;
    if (s > max) max = s;
  }
  let sum = 0;
  for (let c = 0; c < k; c++) {
    logp[c] = Math.exp(logp[c]! - max);
    sum += logp[c]!;
  }
  out.fill(0);
  for (let c = 0; c < k; c++) {
    const p = logp[c]! / sum;
    if (p < 1e-8) continue;
    const mx = gmm.meanX[c]!, my = gmm.meanY[c]!, vx = gmm.varX[c]!, cv = gmm.covXY[c]!;
    for (let d = 0; d < dim; d++) out[d] = out[d]! + p * (my[d]! + (cv[d]! / vx[d]!) * (x[d]! - mx[d]!));
  }
  return out;
}
