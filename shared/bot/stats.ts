// Statistics of simulated games: win-rate confidence intervals, histograms, mean and
// standard deviation. Pure functions so the CLI and the balance report compute the same
// figures from the same game records.

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval for `successes` out of `trials`. Unlike the normal approximation it
 * stays inside [0, 1] and is sensible at 0 or n successes and for small n. `trials` = 0
 * gives the uninformative [0, 1].
 */
export function wilson(successes: number, trials: number, z = Z95): Interval {
  if (!(trials > 0)) return { low: 0, high: 1 };
  if (successes < 0 || successes > trials) throw new RangeError(`${successes} successes out of ${trials} trials is not a proportion.`);
  const p = successes / trials;
  const z2 = z * z;
  const denom = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // 0 and n successes reach the bounds exactly in theory; set them so rounding cannot miss.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === trials ? 1 : Math.min(1, centre + half),
  };
}

export interface Summary {
  count: number;
  mean: number;
  /** Sample standard deviation (n - 1); 0 for fewer than two values. */
  sd: number;
  min: number;
  max: number;
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  if (n === 0) return { count: 0, mean: 0, sd: 0, min: 0, max: 0 };
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mean = sum / n;
  let sq = 0;
  for (const v of values) sq += (v - mean) * (v - mean);
  return { count: n, mean, sd: n > 1 ? Math.sqrt(sq / (n - 1)) : 0, min, max };
}

export interface Bucket {
  /** Inclusive lower bound. */
  from: number;
  /** Exclusive upper bound. */
  to: number;
  count: number;
}

/**
 * Counts values into buckets of `width` aligned on multiples of `width` (a value equal to a
 * bound falls in the bucket it starts), from the bucket holding the smallest value to the one
 * holding the largest, empty buckets between included.
 */
export function histogram(values: readonly number[], width: number): Bucket[] {
  if (!(width > 0)) throw new RangeError(`A histogram bucket width must be positive, not ${width}.`);
  if (values.length === 0) return [];
  const slot = (v: number): number => Math.floor(v / width);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    const k = slot(v);
    if (k < lo) lo = k;
    if (k > hi) hi = k;
  }
  const counts = new Array<number>(hi - lo + 1).fill(0);
  for (const v of values) counts[slot(v) - lo]! += 1;
  return counts.map((count, k) => ({ from: (lo + k) * width, to: (lo + k + 1) * width, count }));
}

/** A round bucket width (1, 2 or 5 times a power of ten) giving about `target` buckets. */
export function niceBucketWidth(values: readonly number[], target = 12): number {
  if (values.length === 0) return 1;
  const span = Math.max(...values) - Math.min(...values);
  if (span <= 0) return 1;
  const raw = span / Math.max(1, target);
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return Math.max(1, m * pow);
  return Math.max(1, 10 * pow);
}

export interface RateWithInterval {
  count: number;
  rate: number;
  ci95: Interval;
}

export function rate(count: number, trials: number): RateWithInterval {
  return { count, rate: trials > 0 ? count / trials : 0, ci95: wilson(count, trials) };
}

/**
 * How sure `successes` of `trials` make us that the true rate is at least `bar`: one minus
 * the chance of doing this well or better if the rate were only `bar` (the exact one-sided
 * binomial test; the same as asking whether the one-sided Clopper–Pearson lower bound reaches
 * `bar`). 30 of 30 against a 90% bar gives 1 − 0.9³⁰ ≈ 0.958.
 */
export function confidenceAtLeast(successes: number, trials: number, bar: number): number {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || successes < 0 || successes > trials) throw new RangeError(`${successes} of ${trials} is not a count of trials`);
  if (!(bar > 0 && bar < 1)) throw new RangeError(`the bar ${bar} is not a rate strictly between 0 and 1`);
  // P(X ≥ successes) for X ~ Binomial(trials, bar), term by term in logs (no overflow at large n).
  const logBar = Math.log(bar);
  const logMiss = Math.log1p(-bar);
  let logChoose = 0; // log C(trials, 0)
  let tail = 0;
  for (let k = 0; k <= trials; k++) {
    if (k > 0) logChoose += Math.log(trials - k + 1) - Math.log(k);
    if (k >= successes) tail += Math.exp(logChoose + k * logBar + (trials - k) * logMiss);
  }
  return Math.max(0, 1 - tail);
}
