import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { body, createChallengeRest, expectProblem, TestService, type Browser, type Deleted, type Listing, type Me } from './harness.js';

interface Ided {
  id: string;
}

/** The parts of GET /challenges/:id these specs count. */
interface ChallengeDetail {
  costs: unknown[];
  history: unknown[];
  memos: unknown[];
  payouts: { amount: number }[];
  accounts: unknown[];
}

const today = () => new Date().toISOString().slice(0, 10);
let login = 800000;

describeEachDatabase('dashboard deletion, trash and restore', (getDb) => {
  let service: TestService;
  let owner: Browser;
  let other: Browser;
  let key: string;
  beforeAll(async () => {
    service = await TestService.start(getDb());
    owner = await service.signUp();
    other = await service.signUp();
    key = await owner.issueKey();
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  const api = (path: string) => service.http().get(`/api/v1${path}`).set('Authorization', `Bearer ${key}`);

  /** A challenge with a memo, a payout, and a linked account that has a daily report; everything over /app/api. */
  async function fullChallenge(): Promise<{ id: string; accountId: string; memoId: string; payoutId: string }> {
    const challenge = await createChallengeRest(service, key, { price: 540.1234, billing: 'monthly', paymentMethod: 'card' });
    const memo = await owner.post(`/challenges/${challenge.id}/memos`, { content: 'メモ: lessons' });
    expect(memo.status).toBe(201);
    const payout = await owner.post(`/challenges/${challenge.id}/payouts`, { amount: 1234.5678, currency: 'usd', date: '2026-02-01' });
    expect(payout.status).toBe(201);
    login += 1;
    const account = await owner.post('/accounts', {
      login: String(login),
      server: 'Broker',
      currency: 'USD',
      initialBalance: 100000.01,
      challengeId: challenge.id,
    });
    expect(account.status).toBe(201);
    const report = await service
      .http()
      .post(`/api/v1/accounts/${body<Ided>(account).id}/reports`)
      .set('Authorization', `Bearer ${key}`)
      .send({ date: today(), balance: 100250.1234, equity: 100200.5, closedPnl: -12.3456 });
    expect(report.status).toBe(200);
    return { id: challenge.id, accountId: body<Ided>(account).id, memoId: body<Ided>(memo).id, payoutId: body<Ided>(payout).id };
  }

  it('a deleted challenge (with memos, payouts, accounts, reports) is 404 over REST and MCP, absent from lists and the summary, and back exactly after restore', async () => {
    const c = await fullChallenge();
    const before = {
      detail: body<unknown>(await api(`/challenges/${c.id}`)),
      list: body<unknown>(await api('/challenges')),
      summary: body<unknown>(await api('/me/summary')),
      payouts: body<unknown>(await api('/payouts')),
      accounts: body<unknown>(await api('/accounts?archived=include')),
      pnl: body<unknown>(await api(`/accounts/${c.accountId}/daily-pnl?days=5`)),
    };
    const deleted = await owner.delete(`/challenges/${c.id}`);
    expect(deleted.status).toBe(200);
    expect(body<Deleted>(deleted).entry).toMatchObject({
      kind: 'challenge',
      label: 'FTMO 2-Step 100k',
      contents: { memos: 1, payouts: 1, accounts: 1, reports: 1 },
    });

    expectProblem(await api(`/challenges/${c.id}`), 404, 'not_found');
    expectProblem(await api(`/accounts/${c.accountId}/daily-pnl`), 404, 'not_found');
    expectProblem(await owner.get(`/challenges/${c.id}`), 404, 'not_found');
    expect(body<Listing<Ided>>(await api('/challenges')).items.some((i) => i.id === c.id)).toBe(false);
    expect(body<Listing<Ided>>(await api('/payouts')).items.some((i) => i.id === c.payoutId)).toBe(false);
    expect(body<Listing<Ided>>(await api('/accounts?archived=include')).items.some((i) => i.id === c.accountId)).toBe(false);
    const summary = body<unknown>(await api('/me/summary'));
    expect(JSON.stringify(summary)).not.toContain(c.id);
    expect(summary).not.toEqual(before.summary);

    const client = new Client({ name: 'trash-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${service.origin}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
    );
    try {
      const viaMcp = await client.callTool({ name: 'get_challenge', arguments: { id: c.id } });
      expect(viaMcp.isError).toBe(true);
      expect(JSON.stringify(viaMcp.content)).toContain('not_found');
    } finally {
      await client.close();
    }

    const trash = await owner.get('/trash');
    expect(body<Listing<unknown>>(trash).items[0]).toMatchObject({ id: body<Deleted>(deleted).entry.id, kind: 'challenge' });
    expect(body<Listing<unknown>>(await other.get('/trash')).items).toEqual([]);
    expectProblem(await other.post(`/trash/${body<Deleted>(deleted).entry.id}/restore`), 404, 'not_found');

    const restored = await owner.post(`/trash/${body<Deleted>(deleted).entry.id}/restore`);
    expect(restored.status).toBe(200);
    expect(body<{ restored: unknown }>(restored).restored).toEqual({ kind: 'challenge', id: c.id });
    expect((await api(`/challenges/${c.id}`)).body).toEqual(before.detail);
    expect((await api('/challenges')).body).toEqual(before.list);
    expect((await api('/me/summary')).body).toEqual(before.summary);
    expect((await api('/payouts')).body).toEqual(before.payouts);
    expect((await api('/accounts?archived=include')).body).toEqual(before.accounts);
    expect((await api(`/accounts/${c.accountId}/daily-pnl?days=5`)).body).toEqual(before.pnl);
    expect(body<Listing<unknown>>(await owner.get('/trash')).items).toEqual([]);
  });

  it('a challenge with fees, a refund, a phase history and a later reset attempt comes back with its whole ledger and the reset link', async () => {
    const breached = await createChallengeRest(service, key, { price: 100 });
    expect((await owner.patch(`/challenges/${breached.id}`, { phase: 'Phase 2' })).status).toBe(200);
    expect(
      (await owner.post(`/challenges/${breached.id}/costs`, { kind: 'reset_fee', amount: 79.5, currency: 'EUR', date: '2026-01-10' }))
        .status,
    ).toBe(201);
    expect(
      (await owner.post(`/challenges/${breached.id}/costs`, { kind: 'refund', amount: 20, currency: 'EUR', date: '2026-01-12' })).status,
    ).toBe(201);
    const retry = await createChallengeRest(service, key, { price: 80, resetOf: breached.id });
    const before = {
      detail: body<ChallengeDetail>(await api(`/challenges/${breached.id}`)),
      retry: body<unknown>(await api(`/challenges/${retry.id}`)),
    };
    expect(before.detail.costs).toHaveLength(2);
    expect(before.detail.history.length).toBeGreaterThanOrEqual(2);

    const deleted = await owner.delete(`/challenges/${breached.id}`);
    expect(deleted.status).toBe(200);
    expectProblem(await api(`/challenges/${breached.id}`), 404, 'not_found');
    expect((await owner.post(`/trash/${body<Deleted>(deleted).entry.id}/restore`)).status).toBe(200);
    expect((await api(`/challenges/${breached.id}`)).body).toEqual(before.detail);
    expect((await api(`/challenges/${retry.id}`)).body).toEqual(before.retry);
  });

  it('deletes and restores a memo, a payout and an account on their own; a memo of a trashed challenge answers 409 until the challenge is back', async () => {
    const c = await fullChallenge();
    const memo = await owner.delete(`/memos/${c.memoId}`);
    expect(body<Deleted>(memo).entry).toMatchObject({ kind: 'memo', label: 'メモ: lessons' });
    const payout = await owner.delete(`/payouts/${c.payoutId}`);
    expect(body<Deleted>(payout).entry.kind).toBe('payout');
    const account = await owner.delete(`/accounts/${c.accountId}`);
    expect(body<Deleted>(account).entry).toMatchObject({ kind: 'account', contents: { reports: 1 } });
    const detail = body<ChallengeDetail>(await api(`/challenges/${c.id}`));
    expect([detail.memos.length, detail.payouts.length, detail.accounts.length]).toEqual([0, 0, 0]);

    const challenge = await owner.delete(`/challenges/${c.id}`);
    expectProblem(await owner.post(`/trash/${body<Deleted>(memo).entry.id}/restore`), 409, 'conflict');
    expect((await owner.post(`/trash/${body<Deleted>(challenge).entry.id}/restore`)).status).toBe(200);
    for (const entry of [memo, payout, account])
      expect((await owner.post(`/trash/${body<Deleted>(entry).entry.id}/restore`)).status).toBe(200);
    const back = body<ChallengeDetail>(await api(`/challenges/${c.id}`));
    expect([back.memos.length, back.payouts.length, back.accounts.length]).toEqual([1, 1, 1]);
    expect(back.payouts[0]?.amount).toBe(1234.5678);
  });

  it('an account whose login was registered again cannot come back (409)', async () => {
    login += 1;
    const first = await owner.post('/accounts', { login: String(login), server: 'Broker', currency: 'USD', initialBalance: 500 });
    const entry = await owner.delete(`/accounts/${body<Ided>(first).id}`);
    expect((await owner.post('/accounts', { login: String(login), server: 'Broker', currency: 'USD', initialBalance: 500 })).status).toBe(
      201,
    );
    expectProblem(await owner.post(`/trash/${body<Deleted>(entry).entry.id}/restore`), 409, 'conflict');
  });

  it('nobody deletes another person’s records (404 like an unknown id)', async () => {
    const c = await fullChallenge();
    expectProblem(await other.delete(`/challenges/${c.id}`), 404, 'not_found');
    expectProblem(await other.delete(`/memos/${c.memoId}`), 404, 'not_found');
    expectProblem(await other.delete(`/payouts/${c.payoutId}`), 404, 'not_found');
    expectProblem(await other.delete(`/accounts/${c.accountId}`), 404, 'not_found');
    expectProblem(await other.delete('/challenges/not-a-uuid'), 404, 'not_found');
    expect((await api(`/challenges/${c.id}`)).status).toBe(200);
  });

  /** Statuses of `count` copies of one request sent at once, sorted. */
  const together = async (count: number, send: () => Promise<{ status: number; text: string }>) => {
    const answers = await Promise.all(Array.from({ length: count }, send));
    for (const res of answers) expect(res.status < 500 ? '' : res.text).toBe('');
    return answers.map((res) => res.status).sort();
  };

  it('concurrent restores or deletes of one entry: one winner, the others a clean 404, never 500', async () => {
    const c = await fullChallenge();
    const earlier = new Set(body<Listing<{ id: string }>>(await owner.get('/trash')).items.map((e) => e.id));
    const trashNow = async () =>
      body<Listing<{ id: string; kind: string }>>(await owner.get('/trash')).items.filter((e) => !earlier.has(e.id));
    const deletes = await together(6, () => owner.delete(`/challenges/${c.id}`));
    expect(deletes).toEqual([200, 404, 404, 404, 404, 404]);
    const [entry] = await trashNow();
    expect(entry?.kind).toBe('challenge');
    const restores = await together(6, () => owner.post(`/trash/${entry?.id}/restore`));
    expect(restores).toEqual([200, 404, 404, 404, 404, 404]);
    const back = body<ChallengeDetail>(await api(`/challenges/${c.id}`));
    expect([back.memos.length, back.payouts.length, back.accounts.length]).toEqual([1, 1, 1]);
    expect(await trashNow()).toEqual([]);

    for (const path of [`/memos/${c.memoId}`, `/payouts/${c.payoutId}`, `/accounts/${c.accountId}`]) {
      expect(await together(4, () => owner.delete(path))).toEqual([200, 404, 404, 404]);
    }
    const entries = await trashNow();
    expect(entries).toHaveLength(3);
    for (const { id } of entries) expect(await together(4, () => owner.post(`/trash/${id}/restore`))).toEqual([200, 404, 404, 404]);
  });

  it('purges entries past TRASH_RETENTION_DAYS (default 30)', async () => {
    const c = await fullChallenge();
    const { entry } = body<Deleted>(await owner.delete(`/challenges/${c.id}`));
    const deletedAt = new Date(entry.deletedAt).getTime();
    expect(new Date(entry.purgeAfter).getTime() - deletedAt).toBe(30 * 86_400_000);
    const trash = service.context.domain.trash;
    const ownerCaller = {
      userId: body<Me>(await owner.get('/me')).user.id,
      userName: 'o',
      credentialId: 'session:x',
      scope: 'full' as const,
    };
    expect((await trash.list(ownerCaller, new Date(deletedAt + 29 * 86_400_000))).some((e) => e.id === entry.id)).toBe(true);
    expect((await trash.list(ownerCaller, new Date(deletedAt + 30 * 86_400_000 + 1))).some((e) => e.id === entry.id)).toBe(false);
    expect(await getDb().prisma.trashEntry.count({ where: { id: entry.id } })).toBe(0);
    expectProblem(await owner.post(`/trash/${entry.id}/restore`), 404, 'not_found');
  });
});
