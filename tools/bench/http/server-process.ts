/**
 * Child processes for the HTTP benchmarks: the built server bundle (or the baseline) on a free local
 * port, with the time it took to answer /healthz and its resident memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface RunningServer {
  name: string;
  base: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the first 200 on /healthz. */
  startMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resident set size of a live process in MB (Linux), NaN elsewhere. */
export function rssMb(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200; rejects when the child exits first or after `timeoutMs`. */
async function waitForOk(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before ${url} answered:\n${output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
}

/**
 * Starts `node <entry>` with `env` on a free port and waits for /healthz. Its stdout (the JSON access
 * log, at the default level) goes to `logFile`, so that reading it costs the load generator nothing.
 */
export async function startServer(
  name: string,
  entry: string,
  env: Record<string, string>,
  options: { logFile: string; nodeArgs?: string[] },
): Promise<RunningServer> {
  const port = await freePort();
  const log = openSync(options.logFile, 'a');
  const started = process.hrtime.bigint();
  // stderr goes to the log too: a crash's stack (an uncaught error, a V8 abort) is then beside the requests before it.
  // BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server under the bench's load.
  const extraArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extraArgs, ...(options.nodeArgs ?? []), entry], {
    env: { ...process.env, RATE_LIMIT_PER_MINUTE: '1000000', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const output = () => readFileSync(options.logFile, 'utf8').slice(-4000);
  const base = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  try {
    await waitForOk(`${base}/healthz`, child, 300_000, output);
  } catch (error) {
    await stop();
    throw error;
  }
  const startMs = Number(process.hrtime.bigint() - started) / 1e6;
  return { name, base, process: child, startMs, rssMb: () => rssMb(child.pid), stop };
}

/** Starts the bare NestJS baseline or the SQL anchors (each prints its own port), with `env` added. */
export async function startBaseline(entry: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { port: number }).port));
  });
  const startMs = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    name: 'baseline',
    base: `http://127.0.0.1:${port}`,
    process: child,
    startMs,
    rssMb: () => rssMb(child.pid),
    stop: stopper(child),
  };
}
