import { parseRetryAfter } from './backoff.js';
import {
  paths,
  positionsBody,
  registerBody,
  reportBody,
  snapshotBody,
  userAgent,
  type Account,
  type PositionsAnswer,
  type PositionsBody,
  type Problem,
  type RegisterBody,
  type ReportAnswer,
  type ReportBody,
  type SnapshotAnswer,
  type SnapshotBody,
} from './protocol.js';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** One answered request, sorted by what the tracker must do about it (docs/tracker-protocol.md, "Retries"). */
export type CallResult<T> =
  /** 2xx, with the parsed body. */
  | { kind: 'ok'; status: number; body: T }
  /** Network error, timeout, 5xx, 408 or 429: try again later (`retryAfterMs` when the service said). */
  | { kind: 'retry'; status?: number; retryAfterMs?: number; message: string }
  /** Any other 4xx: this request will never succeed as it is. */
  | { kind: 'refused'; status: number; code?: string; message: string };

export interface TrackerClientOptions {
  /** Service origin (and path prefix, if any) without a trailing slash: `https://propfolio.example.com`. */
  baseUrl: string;
  apiKey: string;
  /** The `(platform)` of the User-Agent, e.g. `node 20.19.0; linux` or `MT5`. */
  platform: string;
  fetch?: FetchLike;
  /** Per request; the EA uses 5 s, since WebRequest blocks its thread. */
  timeoutMs?: number;
  now?: () => number;
}

/** A recorded request, for logs and for tests that check the bytes against the protocol document. */
export interface SentRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * The calls of the tracker protocol over HTTP. Stateless: it neither retries nor queues (the
 * {@link Tracker} does), it sends exactly the documented bytes and classifies each answer.
 */
export class TrackerClient {
  private readonly fetch: FetchLike;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  readonly userAgent: string;
  /** Called with every request just before it is sent. */
  onRequest: ((request: SentRequest) => void) | undefined;

  constructor(private readonly options: TrackerClientOptions) {
    this.fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.userAgent = userAgent(options.platform);
  }

  lookup(login: string, server: string): Promise<CallResult<Account>> {
    return this.call<Account>('GET', paths.lookup(login, server));
  }

  register(body: RegisterBody): Promise<CallResult<Account>> {
    return this.call<Account>('POST', paths.register(), registerBody(body));
  }

  snapshot(accountId: string, body: SnapshotBody): Promise<CallResult<SnapshotAnswer>> {
    return this.call<SnapshotAnswer>('POST', paths.snapshot(accountId), snapshotBody(body));
  }

  report(accountId: string, body: ReportBody): Promise<CallResult<ReportAnswer>> {
    return this.call<ReportAnswer>('POST', paths.report(accountId), reportBody(body));
  }

  positions(accountId: string, body: PositionsBody): Promise<CallResult<PositionsAnswer>> {
    return this.call<PositionsAnswer>('POST', paths.positions(accountId), positionsBody(body));
  }

  /** The documented headers, in the documented order. */
  headers(withBody: boolean): Record<string, string> {
    return {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: 'application/json',
      ...(withBody ? { 'Content-Type': 'application/json' } : {}),
      'User-Agent': this.userAgent,
    };
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: string): Promise<CallResult<T>> {
    const request: SentRequest = { method, url: `${this.options.baseUrl}${path}`, headers: this.headers(body !== undefined), body };
    this.onRequest?.(request);
    let res: Response;
    let text: string;
    try {
      res = await this.fetch(request.url, {
        method,
        headers: request.headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      return { kind: 'retry', message: `${method} ${path}: ${describeNetworkError(error)}` };
    }
    const parsed = parseJson(text);
    if (res.status >= 200 && res.status < 300) {
      if (parsed === undefined)
        return { kind: 'retry', status: res.status, message: `${method} ${path}: ${res.status} without a JSON body` };
      return { kind: 'ok', status: res.status, body: parsed as T };
    }
    const problem = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Problem;
    const message = `${method} ${path}: ${res.status}${problem.code ? ` ${problem.code}` : ''}${problem.detail ? ` (${problem.detail})` : ''}`;
    if (res.status >= 500 || res.status === 408 || res.status === 429) {
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), this.now());
      return { kind: 'retry', status: res.status, message, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
    }
    return { kind: 'refused', status: res.status, message, ...(problem.code ? { code: problem.code } : {}) };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'timed out';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
