/** Small statistics the simulation reports. */

/** The 95% Wilson score interval of a proportion: it stays inside [0, 1] and behaves at p̂ = 0 or 1. */
export function wilsonInterval(successes: number, n: number, z = 1.959963984540054): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // The interval always holds p̂; the clamps only undo rounding (1e-19 above 0 at p̂ = 0).
  return { low: Math.min(p, Math.max(0, centre - half)), high: Math.max(p, Math.min(1, centre + half)) };
}

/**
 * Nearest-rank quantile of a histogram of whole days (`counts[d]` paths passed on day d): the smallest
 * day by which at least q of the passing paths had passed. Null when no path passed.
 */
export function histogramQuantile(counts: Int32Array, total: number, q: number): number | null {
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let d = 0; d < counts.length; d++) {
    seen += counts[d] ?? 0;
    if (seen >= rank) return d;
  }
  return null;
}
