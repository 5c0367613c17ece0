import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { newCaller } from '../testing/fixtures.js';
import { IDEMPOTENCY_TTL_MS, IdempotencyStore } from './idempotency-store.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { requestHash } from './request-hash.js';

describeEachDatabase('idempotency store', (getDb) => {
  const t0 = new Date('2026-03-15T12:00:00.000Z');
  /** An operation that writes a row (a user named `name`) and answers with its id, counting its runs. */
  const writer = (name: string) => {
    const op = async () => {
      op.runs += 1;
      const user = await getDb().prisma.user.create({ data: { name: `${name}-${String(op.runs)}` } });
      return { id: user.id };
    };
    op.runs = 0;
    return op;
  };
  const written = (name: string) => getDb().prisma.user.count({ where: { name: { startsWith: `${name}-` } } });

  it('replays the first answer for the same key and body without running again, and refuses a different body with 422', async () => {
    const store = new IdempotencyStore(new IdempotencyRepository(getDb()));
    const { userId } = await newCaller(getDb());
    const hash = requestHash('create_challenge', { firm: 'F', price: 1 });
    expect(requestHash('create_challenge', { price: 1, firm: 'F' })).toBe(hash);
    const op = writer('replay');
    const first = await store.run(userId, 'k1', hash, 201, op, t0);
    expect(first).toMatchObject({ status: 201, replayed: false });
    await expect(store.run(userId, 'k1', hash, 201, op, t0)).resolves.toEqual({ status: 201, body: first.body, replayed: true });
    await expect(store.run(userId, 'k1', requestHash('create_challenge', { firm: 'F', price: 2 }), 201, op, t0)).rejects.toMatchObject({
      code: 'idempotency_key_reused',
      status: 422,
    });
    expect(op.runs).toBe(1);
    expect(await written('replay')).toBe(1);
  });

  it('keeps keys per user', async () => {
    const store = new IdempotencyStore(new IdempotencyRepository(getDb()));
    const a = await newCaller(getDb());
    const b = await newCaller(getDb());
    await store.run(a.userId, 'shared', 'h1', 200, () => Promise.resolve({ ok: 1 }), t0);
    await expect(store.run(b.userId, 'shared', 'h2', 200, () => Promise.resolve({ ok: 2 }), t0)).resolves.toEqual({
      status: 200,
      body: { ok: 2 },
      replayed: false,
    });
  });

  it('keeps nothing of an operation that failed: its writes and the key are rolled back, and a retry runs', async () => {
    const store = new IdempotencyStore(new IdempotencyRepository(getDb()));
    const { userId } = await newCaller(getDb());
    const op = writer('failed');
    const failing = async () => {
      await op();
      throw new Error('failed after writing');
    };
    await expect(store.run(userId, 'k', 'h', 201, failing, t0)).rejects.toThrow('failed after writing');
    expect(await written('failed')).toBe(0);
    await expect(store.run(userId, 'k', 'h', 201, op, t0)).resolves.toMatchObject({ replayed: false });
    expect(await written('failed')).toBe(1);
  });

  it('runs concurrent requests with one key once: the others wait for it and replay its answer', async () => {
    const store = new IdempotencyStore(new IdempotencyRepository(getDb()));
    const { userId } = await newCaller(getDb());
    const op = writer('concurrent');
    const answers = await Promise.all(Array.from({ length: 5 }, () => store.run(userId, 'same', 'h', 201, op, t0)));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(op.runs).toBe(1);
    expect(await written('concurrent')).toBe(1);
  });

  it('frees a key left unanswered by the earlier three-step design (a request killed mid-flight)', async () => {
    const store = new IdempotencyStore(new IdempotencyRepository(getDb()));
    const { userId } = await newCaller(getDb());
    await getDb().prisma.idempotencyRecord.create({
      data: { userId, key: 'legacy', requestHash: 'h', statusCode: 0, responseBody: {}, createdAt: t0 },
    });
    await expect(store.run(userId, 'legacy', 'h', 201, () => Promise.resolve({ n: 1 }), t0)).resolves.toEqual({
      status: 201,
      body: { n: 1 },
      replayed: false,
    });
  });

  it('forgets a key after 24 hours, and prunes it', async () => {
    const store = new IdempotencyStore(new IdempotencyRepository(getDb()));
    const { userId } = await newCaller(getDb());
    await store.run(userId, 'old', 'h', 201, () => Promise.resolve({ n: 1 }), t0);
    const almost = new Date(t0.getTime() + IDEMPOTENCY_TTL_MS - 1);
    await expect(store.run(userId, 'old', 'other', 201, () => Promise.resolve({ n: 2 }), almost)).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    const later = new Date(t0.getTime() + IDEMPOTENCY_TTL_MS);
    await expect(store.run(userId, 'old', 'other', 201, () => Promise.resolve({ n: 2 }), later)).resolves.toMatchObject({
      replayed: false,
    });
    expect(await store.prune(new Date(later.getTime() + IDEMPOTENCY_TTL_MS))).toBeGreaterThanOrEqual(1);
  });
});
