import FFT from 'fft.js';

/**
 * Spectral envelope <-> mel-cepstrum, the SPTK way (Tokuda et al. 1994, "Mel-generalized cepstral
 * analysis"; SPTK `freqt`): real cepstrum of the log amplitude envelope by FFT, then the
 * Oppenheim-Johnson all-pass frequency warping recursion. alpha 0.42 approximates the mel scale at
 * 16 kHz. Convention as in SPTK: log|H(w)| = c(0) + sum_{m>=1} c(m) cos(m w) on the warped axis, so
 * the usual MCD formula 10/ln10 * sqrt(2 * sum (dc)^2) applies.
 */
export const MCEP_ORDER = 24;
export const MCEP_ALPHA = 0.42;

const ffts = new Map<number, FFT>();
function fftOf(size: number): FFT {
  let f = ffts.get(size);
  if (!f) {
    f = new FFT(size);
    ffts.set(size, f);
  }
  return f;
}

/** SPTK freqt: cepstrum c1 (order m1, warp a1) -> c2 (order m2) warped by all-pass factor `alpha`. */
export function freqt(c1: ArrayLike<number>, m2: number, alpha: number): Float64Array {
  const m1 = c1.length - 1;
  const b = 1 - alpha * alpha;
  const g = new Float64Array(m2 + 1);
  const d = new Float64Array(m2 + 1);
  for (let i = m1; i >= 0; i--) {
    d[0] = g[0]!;
    g[0] = c1[i]! + alpha * d[0];
    if (m2 >= 1) {
      d[1] = g[1]!;
      g[1] = b * d[0] + alpha * d[1];
    }
    for (let j = 2; j <= m2; j++) {
      d[j] = g[j]!;
      g[j] = d[j - 1]! + alpha * (d[j]! - g[j - 1]!);
    }
  }
  return g;
}

/** Power spectral envelope (fftSize/2+1 bins) -> mel-cepstrum c(0..order). */
export function envelopeToMcep(power: Float64Array, order = MCEP_ORDER, alpha = MCEP_ALPHA): Float64Array {
  const half = power.length - 1;
  const n = half * 2;
  const fft = fftOf(n);
  const sym = new Float64Array(n);
  for (let k = 0; k <= half; k++) {
    // 0.5 * ln(power) = ln(amplitude); the floor keeps log() finite on silent bins.
    const v = 0.5 * Math.log(Math.max(power[k]!, 1e-30));
    sym[k] = v;
    if (k > 0 && k < half) sym[n - k] = v;
  }
  const out = fft.createComplexArray() as number[];
  fft.realTransform(out, sym);
  // Even real input: the forward FFT is real and equals n * inverse FFT.
  const c = new Float64Array(half + 1);
  c[0] = out[0]! / n;
  for (let m = 1; m <= half; m++) c[m] = (2 * out[2 * m]!) / n;
  c[half] = c[half]! / 2; // the Nyquist term appears once, not twice
  return freqt(c, order, alpha);
}

/** Mel-cepstrum -> power spectral envelope with `bins` = fftSize/2+1 points. */
export function mcepToEnvelope(mcep: ArrayLike<number>, bins: number, alpha = MCEP_ALPHA): Float64Array {
  const half = bins - 1;
  const n = half * 2;
  const c = freqt(mcep, half, -alpha);
  const fft = fftOf(n);
  const sym = new Float64Array(n);
  sym[0] = c[0]!;
  for (let m = 1; m < half; m++) {
    sym[m] = c[m]! / 2;
    sym[n - m] = c[m]! / 2;
  }
  sym[half] = c[half]!;
  const out = fft.createComplexArray() as number[];
  fft.realTransform(out, sym);
  const power = new Float64Array(bins);
  for (let k = 0; k <= half; k++) power[k] = Math.exp(2 * out[2 * k]!);
  return power;
}
