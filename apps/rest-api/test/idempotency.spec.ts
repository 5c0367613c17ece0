import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import {
  createChallenge,
  expectProblem,
  RestTestApp,
  json,
  type ChallengeBody,
  type ChallengeDetailBody,
  type ChallengeUpdateBody,
  type ChallengeList,
  type AccountBody,
  type RestAnswer,
  type ReportAnswer,
} from './harness.js';

describeEachDatabase('REST Idempotency-Key', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  const idem = (key: string) => ({ 'Idempotency-Key': key });
  const countChallenges = async (key: string) => json<ChallengeList>(await app.get('/challenges?limit=200', key).expect(200)).items.length;

  it('replays the first response for the same key and body, without a second record', async () => {
    const user = await app.newUserKey();
    const body = { firm: 'FTMO', plan: '100k', price: 540, purchasedAt: '2026-01-05' };
    const first = await app.post('/challenges', body, user, idem('create-1')).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // same body with keys in another order and other whitespace is the same request
    const retry = await app
      .raw()
      .post('/api/v1/challenges')
      .set('Authorization', `Bearer ${user}`)
      .set('Idempotency-Key', 'create-1')
      .set('Content-Type', 'application/json')
      .send('{ "purchasedAt": "2026-01-05", "price": 540, "plan": "100k", "firm": "FTMO" }');
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await countChallenges(user)).toBe(1);
    // without a key, the same body is a new record
    await app.post('/challenges', body, user).expect(201);
    expect(await countChallenges(user)).toBe(2);
  });

  it('answers 422 idempotency_key_reused for the same key with a different body or on another route', async () => {
    const user = await app.newUserKey();
    await app.post('/challenges', { firm: 'A', plan: 'P', price: 1 }, user, idem('k')).expect(201);
    const problem = expectProblem(
      await app.post('/challenges', { firm: 'A', plan: 'P', price: 2 }, user, idem('k')),
      422,
      'idempotency_key_reused',
    );
    expect(problem.detail).toContain('different request body');
    const challenge = await createChallenge(app, {}, user);
    expectProblem(
      await app.post(`/challenges/${challenge.id}/memos`, { firm: 'A', plan: 'P', price: 1 }, user, idem('k')),
      422,
      'idempotency_key_reused',
    );
    expect(await countChallenges(user)).toBe(2);
  });

  it('keeps keys per user: the same key from another user is a new request', async () => {
    const alice = await app.newUserKey();
    const bob = await app.newUserKey();
    const a = await app.post('/challenges', { firm: 'A', plan: 'P', price: 1 }, alice, idem('shared')).expect(201);
    const b = await app.post('/challenges', { firm: 'A', plan: 'P', price: 1 }, bob, idem('shared')).expect(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(json<ChallengeBody>(b).id).not.toBe(json<ChallengeBody>(a).id);
    expectProblem(await app.get(`/challenges/${json<ChallengeBody>(a).id}`, bob), 404, 'not_found');
  });

  it('frees the key when the first attempt failed, so a corrected retry runs', async () => {
    const user = await app.newUserKey();
    expectProblem(await app.post('/challenges', { firm: 'A', plan: 'P' }, user, idem('fix-me')), 400, 'validation_failed');
    expect(await countChallenges(user)).toBe(0);
    const fixed = await app.post('/challenges', { firm: 'A', plan: 'P', price: 5 }, user, idem('fix-me')).expect(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await countChallenges(user)).toBe(1);
  });

  it('replays on every POST route: memos, payouts, accounts and reports', async () => {
    const user = await app.newUserKey();
    const challenge = await createChallenge(app, { purchasedAt: '2026-01-05' }, user);
    const memo = { content: 'note' };
    const m1 = await app.post(`/challenges/${challenge.id}/memos`, memo, user, idem('memo')).expect(201);
    const m2 = await app.post(`/challenges/${challenge.id}/memos`, memo, user, idem('memo')).expect(201);
    expect(m2.body).toEqual(m1.body);
    const payout = { amount: 0.1, currency: 'USD', date: '2026-02-01' };
    const p1 = await app.post(`/challenges/${challenge.id}/payouts`, payout, user, idem('payout')).expect(201);
    const p2 = await app.post(`/challenges/${challenge.id}/payouts`, payout, user, idem('payout')).expect(201);
    expect(p2.body).toEqual(p1.body);
    const detail = await app.get(`/challenges/${challenge.id}`, user).expect(200);
    expect(json<ChallengeDetailBody>(detail).memos).toHaveLength(1);
    expect(json<ChallengeDetailBody>(detail).payouts).toHaveLength(1);
    expect(json<RestAnswer<'/api/v1/payouts', 'get'>>(await app.get('/payouts', user).expect(200)).totals).toEqual([
      { currency: 'USD', amount: 0.1 },
    ]);

    const account = { login: '777', server: 'S', currency: 'USD', initialBalance: 100 };
    const a1 = await app.post('/accounts', account, user, idem('acct')).expect(201);
    const a2 = await app.post('/accounts', account, user, idem('acct'));
    expect(a2.status).toBe(201); // a replay, not the 409 of a duplicate login
    expect(a2.body).toEqual(a1.body);
    const report = { date: '2026-02-01', balance: 101, equity: 101, closedPnl: 1 };
    const r1 = await app.post(`/accounts/${json<AccountBody>(a1).id}/reports`, report, user, idem('rep')).expect(200);
    const r2 = await app.post(`/accounts/${json<AccountBody>(a1).id}/reports`, report, user, idem('rep')).expect(200);
    expect(r2.headers['idempotent-replayed']).toBe('true');
    expect(r2.body).toEqual(r1.body);
    expect(json<ReportAnswer>(r1).outcome).toBe('created');
  });

  it('handles concurrent retries with one record: the first runs, the others wait for it and replay its answer', async () => {
    const user = await app.newUserKey();
    const body = { firm: 'Race', plan: 'P', price: 1 };
    const answers = await Promise.all(Array.from({ length: 4 }, () => app.post('/challenges', body, user, idem('race'))));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(new Set(answers.map((r) => json<ChallengeBody>(r).id)).size).toBe(1);
    expect(await countChallenges(user)).toBe(1);
  });

  it('refuses a malformed Idempotency-Key with 400 before doing anything', async () => {
    const user = await app.newUserKey();
    for (const key of ['has space', 'x'.repeat(256), 'ünïcode']) {
      const problem = expectProblem(
        await app.post('/challenges', { firm: 'A', plan: 'P', price: 1 }, user, idem(key)),
        400,
        'validation_failed',
      );
      expect(problem.errors?.[0]?.field).toBe('Idempotency-Key');
    }
    expect(await countChallenges(user)).toBe(0);
  });

  it('ignores Idempotency-Key on PATCH (PATCH is idempotent by itself)', async () => {
    const challenge = await createChallenge(app);
    const first = await app.patch(`/challenges/${challenge.id}`, { phase: 'Phase 2' }, app.ownerKey, idem('patch')).expect(200);
    const second = await app.patch(`/challenges/${challenge.id}`, { phase: 'Phase 2' }, app.ownerKey, idem('patch')).expect(200);
    expect(json<ChallengeUpdateBody>(first).changed).toEqual(['phase']);
    expect(json<ChallengeUpdateBody>(second).changed).toEqual([]);
  });

  it('never duplicates a record whose request died before its answer was stored: both roll back together', async () => {
    const user = await app.newUserKey();
    const body = { firm: 'FTMO', plan: 'crashed', price: 540 };
    // A real failure at the worst moment: the database refuses to store this key's answer, as a process
    // killed right after the record's write would never store it.
    await getDb().prisma.$executeRawUnsafe(`
      CREATE FUNCTION test_die_before_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."key" = 'crash-1' AND NEW."statusCode" <> 0 THEN RAISE EXCEPTION 'process died before storing the answer'; END IF;
        RETURN NEW;
      END $$`);
    await getDb().prisma.$executeRawUnsafe(
      'CREATE TRIGGER test_die_before_answer BEFORE INSERT OR UPDATE ON "IdempotencyRecord" FOR EACH ROW EXECUTE FUNCTION test_die_before_answer()',
    );
    try {
      expect((await app.post('/challenges', body, user, idem('crash-1'))).status).toBe(500);
    } finally {
      await getDb().prisma.$executeRawUnsafe('DROP TRIGGER test_die_before_answer ON "IdempotencyRecord"');
      await getDb().prisma.$executeRawUnsafe('DROP FUNCTION test_die_before_answer()');
    }
    expect(await countChallenges(user)).toBe(0);
    const retry = await app.post('/challenges', body, user, idem('crash-1')).expect(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const replay = await app.post('/challenges', body, user, idem('crash-1')).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(retry.body);
    expect(await countChallenges(user)).toBe(1);
  });

  it('runs a read-only POST (an EA tool) as is, with or without a key, and never stores its answer', async () => {
    const before = await getDb().prisma.idempotencyRecord.count();
    const set = { content: 'InpLots=0.1\n' };
    const first = await app.post('/ea/diagnose', set, app.ownerKey, idem('diagnose-1')).expect(200);
    const second = await app.post('/ea/diagnose', set, app.ownerKey, idem('diagnose-1')).expect(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body).toEqual(first.body);
    expect(await getDb().prisma.idempotencyRecord.count()).toBe(before);
  });
});
