/**
 * One bounded autocannon run (it stops by itself after `seconds`), reduced to what the tables print.
 */
// autocannon ships no types; this is the part of its programmatic API used here.
// @ts-expect-error no declaration file
import autocannonUntyped from 'autocannon';

interface AutocannonRequest {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: { setupRequest?: (request: AutocannonRequest) => AutocannonRequest }[];
}
interface AutocannonResult {
  requests: { average: number; total: number };
  /** Seconds the run really lasted. */
  duration: number;
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}
const autocannon = autocannonUntyped as (options: AutocannonOptions) => Promise<AutocannonResult>;

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const WARMUP_SECONDS = 1;

export interface RouteSpec {
  label: string;
  kind: 'read' | 'write' | 'mcp' | 'baseline';
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Makes each request different (e.g. another report date); called once per request. */
  vary?: (request: AutocannonRequest) => AutocannonRequest;
  /** The REST route whose req/s this MCP call is compared with. */
  restTwin?: string;
  /**
   * The physical anchor (issue 26): the same route on the anchor server (`anchor-server.mjs`), running the
   * SQL this answer runs through the driver directly. Set on the routes that have one.
   */
  anchor?: Pick<RouteSpec, 'path' | 'method' | 'body'>;
}

export interface LoadResult {
  label: string;
  kind: RouteSpec['kind'];
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, plus socket errors and timeouts. */
  failures: number;
  total: number;
  restTwin?: string;
}

/**
 * Waits until the server has worked off what the last run left queued: autocannon closes its sockets at
 * the end, but requests already accepted still run, and on a slow target they would eat into the next
 * route's window. /readyz queries the database, so it answers once the queue ahead of it is done.
 */
export async function drain(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(60_000) }).catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === 200) return;
  }
}

export async function runLoad(base: string, route: RouteSpec, seconds = SECONDS, warmup = true): Promise<LoadResult> {
  const options: AutocannonOptions = {
    url: `${base}${route.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: route.method ?? 'GET',
    headers: { 'user-agent': 'propfolio-bench/1.0', ...(route.body ? { 'content-type': 'application/json' } : {}), ...route.headers },
    ...(route.body ? { body: route.body } : {}),
    ...(route.vary ? { requests: [{ setupRequest: route.vary }] } : {}),
  };
  if (warmup) {
    await autocannon({ ...options, duration: WARMUP_SECONDS });
    if (route.kind !== 'baseline') await drain(base);
  }
  const r = await autocannon(options);
  if (route.kind !== 'baseline') await drain(base);
  return {
    label: route.label,
    kind: route.kind,
    // Successful answers over the real duration: autocannon's per-second average under-counts slow runs,
    // and fast error answers (a balancer's 503) must not count as throughput.
    rps: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.non2xx + r.errors + r.timeouts,
    total: r.requests.total,
    ...(route.restTwin ? { restTwin: route.restTwin } : {}),
  };
}
