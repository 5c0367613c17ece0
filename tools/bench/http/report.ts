/** Markdown tables for the HTTP benchmarks: numbers of one run, ratios to that run's baseline. */
import { cpus, totalmem } from 'node:os';
import type { LoadResult } from './load.ts';

export function machineLine(): string {
  const cpu = cpus();
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
}

const ratio = (rps: number, baselineRps: number): string => (baselineRps > 0 ? (rps / baselineRps).toFixed(2) : 'n/a');

export function printLoadTable(title: string, results: LoadResult[], baselineRps: number): void {
  console.log(`\n## ${title}`);
  console.log('| route | req/s | p50 ms | p99 ms | ratio to baseline | failed |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const twin = r.restTwin ? results.find((x) => x.label === r.restTwin) : undefined;
    const twinNote = twin ? ` (${ratio(r.rps, twin.rps)} of REST)` : '';
    console.log(
      `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.kind === 'baseline' ? '1.00' : ratio(r.rps, baselineRps)}${twinNote} | ${r.failures} |`,
    );
  }
}

/** The issue's targets, each marked met or not (informational: no benchmark fails on a number). */
export function printTargets(name: string, results: LoadResult[], baselineRps: number, readTarget: number): void {
  const lines: string[] = [];
  const check = (r: LoadResult, ok: boolean, what: string) => lines.push(`${ok ? 'met    ' : 'NOT met'} ${r.label}: ${what}`);
  for (const r of results) {
    const share = r.rps / baselineRps;
    if (r.kind === 'read')
      check(
        r,
        share >= readTarget && r.p99 < 50,
        `ratio ${share.toFixed(2)} (target ≥ ${readTarget}), p99 ${r.p99.toFixed(0)} ms (target < 50)`,
      );
    if (r.kind === 'write') check(r, share >= 0.25, `ratio ${share.toFixed(2)} (target ≥ 0.25)`);
    const twin = r.restTwin ? results.find((x) => x.label === r.restTwin) : undefined;
    if (twin) check(r, twin.rps > 0 && r.rps / twin.rps >= 0.7, `${ratio(r.rps, twin.rps)} of REST (target ≥ 0.7)`);
    if (r.total === 0)
      lines.push(`WARNING ${r.label}: no answer completed within the run (latency above its duration: an overloaded machine?)`);
    if (r.failures > 0) lines.push(`WARNING ${r.label}: ${r.failures} of ${r.total} answers failed`);
  }
  console.log(`\n${name} targets:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
