import { createServer, type Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { requestContext } from '@propfolio/http';
import { mt5Report, reportOfDays } from '@propfolio/domain/testing';
import { RestTestApp } from '@propfolio/rest-api/testing';
import { mcpRouter, mcpExtras } from '@propfolio/mcp-server';
import { probeDuring } from './healthz-probe.js';
import { listenOnLoopback, openChaosDatabase, report, type ChaosDatabase } from './support.js';

/**
 * Issue 31 items 2, 4 and 5 as an attacker sends them, over REST and MCP on one process (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): the largest file accepted, imported while a child process probes the same event loop's
 * /healthz; values out of their world; identical imports and snapshots raced. No answer may be a 5xx.
 */
describe('statement imports and snapshots under attack', () => {
  let chaos: ChaosDatabase;
  let app: RestTestApp;
  let health: Server;
  let healthUrl: string;
  let mcp: Server;
  let mcpUrl: string;
  let login = 0;

  beforeAll(async () => {
    chaos = await openChaosDatabase();
    app = await RestTestApp.start(chaos.db);
    health = createServer((_req, res) => res.end('{"status":"ok"}'));
    healthUrl = `${await listenOnLoopback(health)}/healthz`;
    const mcpApp = express();
    mcpApp.use(requestContext(app.context.logger));
    mcpApp.use(mcpRouter(app.context, mcpExtras(app.context)));
    mcp = mcpApp.listen(0, '127.0.0.1');
    mcpUrl = `${await listenOnLoopback(mcp)}/mcp`;
  });
  afterAll(async () => {
    health.close();
    mcp.closeAllConnections();
    await new Promise((resolve) => mcp.close(resolve));
    await app.close();
    await chaos.close();
  });

  const newAccount = async (): Promise<{ id: string; login: string }> => {
    const account = { login: `${String(process.pid)}${String((login += 1))}`, server: 'Chaos', currency: 'USD', initialBalance: 100000 };
    const res = await app.post('/accounts', account);
    expect(res.status).toBe(201);
    return { id: (res.body as { id: string }).id, login: account.login };
  };
  const importFile = (id: string, bytes: Buffer, extra: object = {}) =>
    app.post(`/accounts/${id}/statements`, { content: bytes.toString('base64'), ...extra });

  it('the largest accepted file (20,000 days) imports as a dry run and a write, with /healthz answering throughout', async () => {
    const account = await newAccount();
    const file = reportOfDays(account.login, 20_000, 2).bytes;
    const figures: Record<string, unknown> = { mib: (file.length / 1_048_576).toFixed(2) };
    for (const dryRun of [true, false]) {
      const { result: res, ...probe } = await probeDuring(healthUrl, () => importFile(account.id, file, { dryRun }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ created: 20_000, daysTotal: 20_000, nextDaysAfter: expect.any(String) as unknown });
      expect((res.body as { days: unknown[] }).days).toHaveLength(1_000);
      figures[dryRun ? 'dryRun' : 'write'] = probe;
    }
    // Before: 500 "expired transaction" on PostgreSQL from 1,500 days; 69 s of stalled /healthz on PGlite.
    report('largest statement, /healthz ms while importing', figures);
    const again = await importFile(account.id, file);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 20_000 });
  });

  it('values out of their world are 4xx and the dry run gives the import’s verdict', async () => {
    const account = await newAccount();
    const deposit = { time: '2026.11.16 10:00:00', profit: '100000.00' };
    const future = mt5Report(account.login, [deposit, { time: '2100.01.01 10:00:00', profit: '5.00' }], '2100.01.02 10:00');
    const huge = mt5Report(account.login, [deposit, { time: '2026.11.17 10:00:00', profit: '1234567890123456.00' }], '2026.11.20 10:00');
    const statuses: Record<string, number[]> = {};
    for (const [name, file] of [
      ['future deal', future],
      ['16-digit profit', huge],
    ] as const) {
      const answers = [await importFile(account.id, file, { dryRun: true }), await importFile(account.id, file)];
      statuses[name] = answers.map((a) => a.status);
      for (const answer of answers) expect(answer.body).toMatchObject({ status: 422, code: 'statement_rejected' });
    }
    expect(await chaos.db.prisma.dailyPnl.count({ where: { accountId: account.id } })).toBe(0);
    const challenge = await app.post('/challenges', { firm: 'F', plan: 'P', price: 1, purchasedAt: '2026-03-01' });
    const headroom = await app.get(`/challenges/${(challenge.body as { id: string }).id}/headroom?at=9999-12-31T23:59:59Z`);
    expect(headroom.status).toBe(400);
    statuses.headroom9999 = [headroom.status];
    report('out-of-world values', statuses);
  });

  it('identical imports raced: one creates, the others find the days unchanged', async () => {
    const account = await newAccount();
    const file = reportOfDays(account.login, 60, 2).bytes;
    const answers = await Promise.all(Array.from({ length: 6 }, () => importFile(account.id, file)));
    const counts = answers.map((a) => (a.body as { created: number; unchanged: number }).created);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 6 }, () => 200));
    expect(counts.sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 0, 60]);
    report('identical imports raced', { created: counts });
  });

  it('1,000 snapshots with distinct instants raced: none answers unchanged', async () => {
    const account = await newAccount();
    const now = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        app.post(`/accounts/${account.id}/snapshots`, {
          at: new Date(now - i * 1000).toISOString(),
          balance: 100000,
          equity: 100000 + (i % 5),
        }),
      ),
    );
    const outcomes: Record<string, number> = {};
    for (const a of answers) {
      const key = a.status === 200 ? (a.body as { outcome: string }).outcome : String(a.status);
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    report('1,000 snapshots raced', outcomes);
    expect(outcomes.unchanged ?? 0).toBe(0);
    expect((outcomes.created ?? 0) + (outcomes.updated ?? 0)).toBe(1_000);
  });

  it('MCP: a malformed resource URI is -32602 with a sentence', async () => {
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'propfolio://articles/%E0%A4' } }),
    });
    const answer = (await res.json()) as { error?: { code: number; message: string } };
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toMatch(/malformed percent-escape/);
  });
});
