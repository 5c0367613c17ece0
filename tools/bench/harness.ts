/**
 * Tiny benchmark harness. Every suite measures its subject next to a baseline taken in the same run
 * and prints ratios, so the numbers stay comparable across machines; there are no pass/fail thresholds.
 */
export interface Stats {
  name: string;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  meanMs: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function summarize(name: string, durationsMs: number[]): Stats {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, d) => sum + d, 0) / Math.max(1, sorted.length);
  return {
    name,
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    meanMs: mean,
  };
}

/** Runs `fn` `warmup` times unmeasured, then `iterations` times, and returns per-call latency statistics. */
export async function measure(name: string, fn: () => unknown, options: { iterations?: number; warmup?: number } = {}): Promise<Stats> {
  const { iterations = 200, warmup = 20 } = options;
  for (let i = 0; i < warmup; i++) await fn();
  const durations: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await fn();
    durations.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return summarize(name, durations);
}

const fmt = (ms: number): string => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));

/** `3.2x faster` or `33.1x slower`: the subject's time against the baseline's. */
export function relative(baselineMs: number, subjectMs: number): string {
  return subjectMs <= baselineMs ? `${(baselineMs / subjectMs).toFixed(1)}x faster` : `${(subjectMs / baselineMs).toFixed(1)}x slower`;
}

/** Prints subject rows with their time relative to the baseline row, at p50 and p95. */
export function printComparison(title: string, baseline: Stats, subjects: Stats[]): void {
  console.log(`\n## ${title}`);
  console.log('| case | samples | p50 ms | p95 ms | p99 ms | vs baseline (p50) | vs baseline (p95) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const s of [baseline, ...subjects]) {
    const r50 = s === baseline ? 'baseline' : relative(baseline.p50Ms, s.p50Ms);
    const r95 = s === baseline ? 'baseline' : relative(baseline.p95Ms, s.p95Ms);
    console.log(`| ${s.name} | ${s.samples} | ${fmt(s.p50Ms)} | ${fmt(s.p95Ms)} | ${fmt(s.p99Ms)} | ${r50} | ${r95} |`);
  }
}
