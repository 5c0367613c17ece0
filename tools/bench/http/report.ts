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

/** A route measured three ways, alternating: its SQL anchor (mean of the runs before and after), and the product without and with the answer cache. */
export interface AnchoredResult {
  label: string;
  kind: LoadResult['kind'];
  anchor: LoadResult;
  uncached: LoadResult;
  cached: LoadResult;
}

export function printAnchorTable(title: string, rows: AnchoredResult[], baselineRps: number): void {
  console.log(`\n## ${title}`);
  console.log(
    '| route | anchor req/s | p99 ms | uncached req/s | p99 ms | **uncached / anchor** | cached req/s | p99 ms | cached / anchor | cached / bare route | anchor / bare route |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.anchor.rps.toFixed(0)} | ${r.anchor.p99.toFixed(0)} | ${r.uncached.rps.toFixed(0)} | ${r.uncached.p99.toFixed(0)} | **${ratio(r.uncached.rps, r.anchor.rps)}** | ${r.cached.rps.toFixed(0)} | ${r.cached.p99.toFixed(0)} | ${ratio(r.cached.rps, r.anchor.rps)} | ${ratio(r.cached.rps, baselineRps)} | ${ratio(r.anchor.rps, baselineRps)} |`,
    );
  }
}

/**
 * Issue 26's targets, each marked met or not (informational: no benchmark fails on a number): uncached
 * reads ≥ 0.5 of their SQL anchor with p99 < 50 ms, writes ≥ 0.6 of their INSERT anchor, cached reads
 * ≥ 0.5 of the bare route, MCP ≥ 0.7 of the same REST operation.
 */
export function printTargets(name: string, results: LoadResult[], baselineRps: number, anchored: AnchoredResult[] = []): void {
  const lines: string[] = [];
  const check = (label: string, ok: boolean, what: string) => lines.push(`${ok ? 'met    ' : 'NOT met'} ${label}: ${what}`);
  for (const a of anchored) {
    const share = a.anchor.rps > 0 ? a.uncached.rps / a.anchor.rps : 0;
    if (a.kind === 'read')
      check(
        `${a.label} uncached`,
        share >= 0.5 && a.uncached.p99 < 50,
        `${share.toFixed(2)} of its SQL anchor (target ≥ 0.5), p99 ${a.uncached.p99.toFixed(0)} ms (target < 50)`,
      );
    if (a.kind === 'write') {
      const cachedShare = a.anchor.rps > 0 ? a.cached.rps / a.anchor.rps : 0;
      check(
        a.label,
        Math.min(share, cachedShare) >= 0.6,
        `${share.toFixed(2)} (cache off) and ${cachedShare.toFixed(2)} (cache on) of its INSERT anchor (target ≥ 0.6)`,
      );
    }
    for (const r of [a.anchor, a.uncached]) {
      if (r.total === 0)
        lines.push(`WARNING ${a.label}: no answer completed within a run (latency above its duration: an overloaded machine?)`);
      if (r.failures > 0)
        lines.push(`WARNING ${r.label} (${r === a.anchor ? 'anchor' : 'uncached'}): ${r.failures} of ${r.total} answers failed`);
    }
  }
  for (const r of results) {
    const share = r.rps / baselineRps;
    if (r.kind === 'read')
      check(
        `${r.label} cached`,
        share >= 0.5 && r.p99 < 50,
        `${share.toFixed(2)} of the bare route (target ≥ 0.5), p99 ${r.p99.toFixed(0)} ms (target < 50)`,
      );
    const twin = r.restTwin ? results.find((x) => x.label === r.restTwin) : undefined;
    if (twin) check(r.label, twin.rps > 0 && r.rps / twin.rps >= 0.7, `${ratio(r.rps, twin.rps)} of REST (target ≥ 0.7)`);
    if (r.total === 0)
      lines.push(`WARNING ${r.label}: no answer completed within the run (latency above its duration: an overloaded machine?)`);
    if (r.failures > 0) lines.push(`WARNING ${r.label}: ${r.failures} of ${r.total} answers failed`);
  }
  console.log(`\n${name} targets (issue 26):\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
