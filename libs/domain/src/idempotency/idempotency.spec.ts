import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { newCaller } from '../testing/fixtures.js';
import { IDEMPOTENCY_TTL_MS, IdempotencyStore } from './idempotency-store.js';
import { requestHash } from './request-hash.js';

describeEachDatabase('idempotency store', (getDb) => {
  const t0 = new Date('2026-03-15T12:00:00.000Z');

  it('replays the first answer for the same key and body, and refuses a different body with 422', async () => {
    const store = new IdempotencyStore(getDb());
    const { userId } = await newCaller(getDb());
    const hash = requestHash('create_challenge', { firm: 'F', price: 1 });
    expect(requestHash('create_challenge', { price: 1, firm: 'F' })).toBe(hash);
    await expect(store.begin(userId, 'k1', hash, t0)).resolves.toEqual({ kind: 'proceed' });
    await expect(store.begin(userId, 'k1', hash, t0)).rejects.toMatchObject({ code: 'idempotency_in_progress', status: 409 });
    await store.complete(userId, 'k1', 201, { id: 'abc', price: 1 });
    await expect(store.begin(userId, 'k1', hash, t0)).resolves.toEqual({ kind: 'replay', status: 201, body: { id: 'abc', price: 1 } });
    await expect(store.begin(userId, 'k1', requestHash('create_challenge', { firm: 'F', price: 2 }), t0)).rejects.toMatchObject({
      code: 'idempotency_key_reused',
      status: 422,
    });
  });

  it('keeps keys per user', async () => {
    const store = new IdempotencyStore(getDb());
    const a = await newCaller(getDb());
    const b = await newCaller(getDb());
    await store.begin(a.userId, 'shared', 'h1', t0);
    await store.complete(a.userId, 'shared', 200, { ok: 1 });
    await expect(store.begin(b.userId, 'shared', 'h2', t0)).resolves.toEqual({ kind: 'proceed' });
  });

  it('frees an abandoned key, and forgets a key after 24 hours', async () => {
    const store = new IdempotencyStore(getDb());
    const { userId } = await newCaller(getDb());
    await store.begin(userId, 'k', 'h', t0);
    await store.abandon(userId, 'k');
    await expect(store.begin(userId, 'k', 'h', t0)).resolves.toEqual({ kind: 'proceed' });
    await store.complete(userId, 'k', 201, { n: 1 });
    const almost = new Date(t0.getTime() + IDEMPOTENCY_TTL_MS - 1);
    await expect(store.begin(userId, 'k', 'other', almost)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    const later = new Date(t0.getTime() + IDEMPOTENCY_TTL_MS);
    await expect(store.begin(userId, 'k', 'other', later)).resolves.toEqual({ kind: 'proceed' });
    expect(await store.prune(new Date(later.getTime() + IDEMPOTENCY_TTL_MS))).toBeGreaterThanOrEqual(1);
  });
});
