import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { newCaller } from '../testing/fixtures.js';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, IdempotencyStore } from './idempotency-store.js';
import { requestHash } from './request-hash.js';

describeEachDatabase('idempotency store', (getDb) => {
  const t0 = new Date('2026-03-15T12:00:00.000Z');

  it('replays the first answer for the same key and body, and refuses a different body with 422', async () => {
    const store = new IdempotencyStore(getDb());
    const { userId } = await newCaller(getDb());
    const hash = requestHash('create_challenge', { firm: 'F', price: 1 });
    expect(requestHash('create_challenge', { price: 1, firm: 'F' })).toBe(hash);
    await expect(store.begin(userId, 'k1', hash, t0)).resolves.toMatchObject({ kind: 'proceed' });
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
    await expect(store.begin(b.userId, 'shared', 'h2', t0)).resolves.toMatchObject({ kind: 'proceed' });
  });

  it('frees an abandoned key, and forgets a key after 24 hours', async () => {
    const store = new IdempotencyStore(getDb());
    const { userId } = await newCaller(getDb());
    await store.begin(userId, 'k', 'h', t0);
    await store.abandon(userId, 'k');
    await expect(store.begin(userId, 'k', 'h', t0)).resolves.toMatchObject({ kind: 'proceed' });
    await store.complete(userId, 'k', 201, { n: 1 });
    const almost = new Date(t0.getTime() + IDEMPOTENCY_TTL_MS - 1);
    await expect(store.begin(userId, 'k', 'other', almost)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    const later = new Date(t0.getTime() + IDEMPOTENCY_TTL_MS);
    await expect(store.begin(userId, 'k', 'other', later)).resolves.toMatchObject({ kind: 'proceed' });
    expect(await store.prune(new Date(later.getTime() + IDEMPOTENCY_TTL_MS))).toBeGreaterThanOrEqual(1);
  });

  it('lets a retry reclaim a reservation whose request died, once the lease has passed', async () => {
    const store = new IdempotencyStore(getDb());
    const { userId } = await newCaller(getDb());
    // The first request reserved the key, then its process was killed: no complete, no abandon.
    const dead = await store.begin(userId, 'crashed', 'h', t0);
    const withinLease = new Date(t0.getTime() + IDEMPOTENCY_LEASE_MS - 1);
    await expect(store.begin(userId, 'crashed', 'h', withinLease)).rejects.toMatchObject({ code: 'idempotency_in_progress' });
    const afterLease = new Date(t0.getTime() + IDEMPOTENCY_LEASE_MS);
    const retry = await store.begin(userId, 'crashed', 'h', afterLease);
    expect(retry).toMatchObject({ kind: 'proceed' });
    // A slow first request finishing late must not overwrite the retry's reservation or answer.
    if (dead.kind !== 'proceed' || retry.kind !== 'proceed') throw new Error('expected reservations');
    await store.complete(userId, 'crashed', 201, { from: 'dead' }, dead.reservedAt);
    await store.complete(userId, 'crashed', 201, { from: 'retry' }, retry.reservedAt);
    await expect(store.begin(userId, 'crashed', 'h', afterLease)).resolves.toEqual({ kind: 'replay', status: 201, body: { from: 'retry' } });
  });

  it('honours a shorter lease given to the store', async () => {
    const store = new IdempotencyStore(getDb(), 1000);
    const { userId } = await newCaller(getDb());
    await store.begin(userId, 'k', 'h', t0);
    await expect(store.begin(userId, 'k', 'h', new Date(t0.getTime() + 1000))).resolves.toMatchObject({ kind: 'proceed' });
  });
});
