import { spawn } from 'node:child_process';

/**
 * Probes a `/healthz` every 50 ms from a child process while `work` runs: the child has its own event loop, so a
 * stall of the server's shows as a slow answer there. Each probe opens a new connection (a stall longer than the
 * server's keep-alive would otherwise reset it), and a failed probe counts with its elapsed time.
 */
const PROBE = `
const url = process.argv[1];
const times = [];
let stop = false;
process.stdin.on('data', () => { stop = true; });
(async () => {
  while (!stop) {
    const started = performance.now();
    // A new connection each time: a stall longer than the server's keep-alive would otherwise reset it.
    await fetch(url, { headers: { connection: 'close' } }).then((r) => r.arrayBuffer(), () => undefined);
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
  process.stdout.write(JSON.stringify(times));
})();`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function probeDuring<T>(
  url: string,
  work: () => Promise<T>,
): Promise<{ result: T; p50: number; p99: number; max: number; probes: number }> {
  const child = spawn(process.execPath, ['-e', PROBE, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  const closed = new Promise((r) => child.on('close', r));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  // Let the probe take a few idle samples first.
  await new Promise((r) => setTimeout(r, 300));
  const result = await work();
  await new Promise((r) => setTimeout(r, 200));
  child.stdin.end('stop');
  await closed;
  const times = (JSON.parse(out) as number[]).sort((a, b) => a - b);
  const round = (n: number): number => Math.round(n * 10) / 10;
  return {
    result,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1) ?? 0),
    probes: times.length,
  };
}
