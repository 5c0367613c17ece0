import type { FetchLike, SentRequest } from '../src/index.js';

interface Day {
  day: string;
  balance: number;
  equity: number;
  minEquity: number;
  maxEquity: number;
  ats: Map<string, { balance: number; equity: number }>;
}

/**
 * The service side of docs/tracker-protocol.md in memory, for unit tests: UTC-midnight firm days,
 * idempotent snapshots and reports, archived accounts. `fail` makes the next requests fail.
 */
export class FakeService {
  readonly requests: SentRequest[] = [];
  accounts = new Map<string, { id: string; login: string; server: string; currency: string; initialBalance: number; archived: boolean }>();
  days = new Map<string, Day>();
  reports = new Map<string, { balance: number; equity: number; closedPnl: number }>();
  /** Closed positions by `<account> <position>`, as the JSON each was last sent with. */
  positions = new Map<string, string>();
  /** Answers to give instead of the real ones, first in first out: a status, or 'network' for a thrown error. */
  failures: ({ status: number; headers?: Record<string, string>; body?: unknown } | 'network' | 'lost-answer')[] = [];

  readonly fetch: FetchLike = async (url, init) => {
    const method = (init.method ?? 'GET') as 'GET' | 'POST';
    const headers = init.headers as Record<string, string>;
    const body = typeof init.body === 'string' ? init.body : undefined;
    this.requests.push({ method, url, headers, ...(body === undefined ? {} : { body }) });
    const failure = this.failures.shift();
    if (failure === 'network') throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    if (failure && failure !== 'lost-answer') {
      return new Response(JSON.stringify(failure.body ?? { code: 'unavailable' }), {
        status: failure.status,
        headers: failure.headers ?? {},
      });
    }
    const answer = this.handle(method, new URL(url), body);
    // The service did the work, but the answer never arrived.
    if (failure === 'lost-answer') throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
    return answer;
  };

  private handle(method: string, url: URL, body: string | undefined): Response {
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), {
        status,
        headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' },
      });
    const problem = (status: number, code: string) => json(status, { status, code, detail: code });
    const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    const path = url.pathname;
    if (method === 'GET' && path === '/api/v1/accounts/lookup') {
      const found = [...this.accounts.values()].find(
        (a) => a.login === url.searchParams.get('login') && a.server === url.searchParams.get('server'),
      );
      return found ? json(200, this.view(found.id)) : problem(404, 'not_found');
    }
    if (method === 'POST' && path === '/api/v1/accounts') {
      if ([...this.accounts.values()].some((a) => a.login === input.login && a.server === input.server)) return problem(409, 'conflict');
      const id = `acc-${this.accounts.size + 1}`;
      this.accounts.set(id, {
        id,
        login: input.login as string,
        server: input.server as string,
        currency: input.currency as string,
        initialBalance: input.initialBalance as number,
        archived: false,
      });
      return json(201, this.view(id));
    }
    const positions = /^\/api\/v1\/accounts\/([^/]+)\/positions$/.exec(path);
    if (method === 'POST' && positions) {
      const account = this.accounts.get(positions[1]!);
      if (!account) return problem(404, 'not_found');
      if (account.archived) return problem(409, 'account_archived');
      const list = input.positions as { position: string }[];
      if (!Array.isArray(list) || list.length < 1 || list.length > 1000) return problem(422, 'position_rejected');
      let accepted = 0;
      for (const position of list) {
        const key = `${account.id} ${position.position}`;
        const json = JSON.stringify(position);
        if (this.positions.get(key) !== json) accepted++;
        this.positions.set(key, json);
      }
      return json(200, { accountId: account.id, accepted, unchanged: list.length - accepted });
    }
    const match = /^\/api\/v1\/accounts\/([^/]+)\/(snapshots|reports)$/.exec(path);
    if (method === 'POST' && match) {
      const account = this.accounts.get(match[1]!);
      if (!account) return problem(404, 'not_found');
      if (account.archived) return problem(409, 'account_archived');
      if (match[2] === 'snapshots') {
        const at = input.at as string;
        if (!/Z$/.test(at)) return problem(400, 'validation_failed');
        const day = at.slice(0, 10);
        const key = `${account.id} ${day}`;
        const balance = input.balance as number;
        const equity = input.equity as number;
        let stored = this.days.get(key);
        let outcome: string;
        if (!stored) {
          stored = { day, balance, equity, minEquity: equity, maxEquity: equity, ats: new Map([[at, { balance, equity }]]) };
          this.days.set(key, stored);
          outcome = 'created';
        } else if (stored.ats.has(at)) {
          outcome = 'unchanged';
        } else {
          stored.ats.set(at, { balance, equity });
          const latest = [...stored.ats.keys()].sort().at(-1)!;
          stored.balance = stored.ats.get(latest)!.balance;
          stored.equity = stored.ats.get(latest)!.equity;
          stored.minEquity = Math.min(stored.minEquity, equity);
          stored.maxEquity = Math.max(stored.maxEquity, equity);
          outcome = 'updated';
        }
        const start = new Date(`${day}T00:00:00Z`);
        return json(200, {
          accountId: account.id,
          at,
          day,
          dayStartsAt: start.toISOString(),
          dayEndsAt: new Date(start.getTime() + 86_400_000).toISOString(),
          outcome,
          balance: stored.balance,
          equity: stored.equity,
          minEquity: stored.minEquity,
          maxEquity: stored.maxEquity,
        });
      }
      const key = `${account.id} ${input.date as string}`;
      const previous = this.reports.get(key);
      const figures = { balance: input.balance as number, equity: input.equity as number, closedPnl: input.closedPnl as number };
      const outcome = !previous ? 'created' : JSON.stringify(previous) === JSON.stringify(figures) ? 'unchanged' : 'updated';
      this.reports.set(key, figures);
      return json(200, { accountId: account.id, date: input.date, outcome, balance: figures.balance, equity: figures.equity });
    }
    return problem(404, 'not_found');
  }

  private view(id: string) {
    const a = this.accounts.get(id)!;
    return { ...a, balance: a.initialBalance, equity: a.initialBalance, name: null };
  }

  /** The requests to one kind of path, by method and path suffix. */
  sent(kind: 'lookup' | 'accounts' | 'snapshots' | 'reports' | 'positions'): SentRequest[] {
    return this.requests.filter((r) => {
      const path = new URL(r.url).pathname;
      if (kind === 'lookup') return path.endsWith('/lookup');
      if (kind === 'accounts') return r.method === 'POST' && path === '/api/v1/accounts';
      return path.endsWith(`/${kind}`);
    });
  }
}
