import { describe, expect, it } from '@jest/globals';
import type { Database } from '@propfolio/db';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '../services.js';
import { CREDENTIAL_CACHE_TTL_MS, CredentialCache, Revocations } from './credential-cache.js';

/** The database with every API key and session lookup counted. */
function countingLookups(db: Database): { db: Database; lookups: () => number } {
  let lookups = 0;
  const counted = (delegate: object): object =>
    new Proxy(delegate, {
      get: (target, prop): unknown => {
        if (prop === 'findUnique') lookups++;
        return Reflect.get(target, prop);
      },
    });
  const prisma = new Proxy(db.prisma, {
    get: (target, prop): unknown => {
      const value: unknown = Reflect.get(target, prop);
      return (prop === 'apiKey' || prop === 'session') && typeof value === 'object' && value !== null ? counted(value) : value;
    },
  });
  return { db: { ...db, prisma }, lookups: () => lookups };
}

const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

describe('credential cache', () => {
  it('keeps an entry for the TTL only', () => {
    const cache = new CredentialCache<string>(new Revocations(), 5_000);
    cache.set('k', 'v', 1_000, cache.ticket());
    expect(cache.get('k', 5_999)).toBe('v');
    expect(cache.get('k', 6_000)).toBeUndefined();
  });

  it('is bounded: past its capacity the oldest entry leaves', () => {
    const cache = new CredentialCache<string>(new Revocations(), 5_000, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, key, 0, cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe('c');
  });

  it('does not store what a lookup read before a revocation that happened while it ran', () => {
    const revocations = new Revocations();
    const cache = new CredentialCache<string>(revocations);
    const ticket = cache.ticket();
    revocations.revokeAll();
    cache.set('k', 'read before the revocation', 0, ticket);
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('never answers a lookup that came after a revocation with one that began before it', async () => {
    const revocations = new Revocations();
    const cache = new CredentialCache<string>(revocations);
    let release: (value: string) => void = () => undefined;
    const slowRead = new Promise<string>((resolve) => (release = resolve));
    let loads = 0;
    const before = cache.lookup('k', 0, async () => (loads++, slowRead));
    revocations.revokeAll();
    const after = cache.lookup('k', 0, async () => (loads++, null));
    release('read before the revocation');
    expect(await before).toBe('read before the revocation');
    expect(await after).toBeNull();
    expect(loads).toBe(2);
  });
});

describeEachDatabase('credential cache over keys and sessions', (getDb) => {
  it('answers a key verified less than 5 s ago without a database lookup', async () => {
    const { db, lookups } = countingLookups(getDb());
    const s = createDomainServices(db);
    const { key } = await s.keys.createKey('cache-hit');
    const t0 = new Date();
    await s.keys.authenticate(key, t0);
    const afterFirst = lookups();
    await expect(s.keys.authenticate(key, at(t0, CREDENTIAL_CACHE_TTL_MS - 1))).resolves.toMatchObject({ userName: 'cache-hit' });
    expect(lookups()).toBe(afterFirst);
    await s.keys.authenticate(key, at(t0, CREDENTIAL_CACHE_TTL_MS));
    expect(lookups()).toBe(afterFirst + 1);
  });

  it('makes one lookup for all the requests that miss a key together (first use, and again at expiry)', async () => {
    const { db, lookups } = countingLookups(getDb());
    const s = createDomainServices(db);
    const { key } = await s.keys.createKey('burst');
    const t0 = new Date();
    const before = lookups();
    const burst = async (now: Date) => Promise.all(Array.from({ length: 20 }, () => s.keys.authenticate(key, now)));
    expect((await burst(t0)).map((caller) => caller.userName)).toEqual(Array(20).fill('burst'));
    expect(lookups()).toBe(before + 1);
    await burst(at(t0, CREDENTIAL_CACHE_TTL_MS));
    expect(lookups()).toBe(before + 2);
  });

  it('answers a refused key from the cache for 5 s: a client stuck on a revoked key costs one lookup per TTL', async () => {
    const { db, lookups } = countingLookups(getDb());
    const s = createDomainServices(db);
    const { key, prefix } = await s.keys.createKey('refused');
    await s.keys.revoke(prefix);
    const t0 = new Date();
    await expect(s.keys.authenticate(key, t0)).rejects.toMatchObject({ code: 'invalid_token' });
    const afterFirst = lookups();
    await expect(s.keys.authenticate(key, at(t0, CREDENTIAL_CACHE_TTL_MS - 1))).rejects.toMatchObject({ code: 'invalid_token' });
    expect(lookups()).toBe(afterFirst);
    await expect(s.keys.authenticate(key, at(t0, CREDENTIAL_CACHE_TTL_MS))).rejects.toMatchObject({ code: 'invalid_token' });
    expect(lookups()).toBe(afterFirst + 1);
  });

  it("lets a re-enabled user's keys in at once in the same process, though they were just refused", async () => {
    const s = createDomainServices(getDb());
    const { key, userId } = await s.keys.createKey('re-enabled');
    await s.users.setDisabled(userId, true);
    const now = new Date();
    await expect(s.keys.authenticate(key, now)).rejects.toMatchObject({ code: 'invalid_token' });
    await s.users.setDisabled(userId, false);
    await expect(s.keys.authenticate(key, now)).resolves.toMatchObject({ userName: 're-enabled' });
  });

  it('stops a key at once in the process that revokes it (operator CLI and dashboard paths)', async () => {
    const s = createDomainServices(getDb());
    const byPrefix = await s.keys.createKey('revoke-now');
    const byOwner = await s.keys.createKey('revoke-now', 'second');
    const now = new Date();
    await s.keys.authenticate(byPrefix.key, now);
    await s.keys.authenticate(byOwner.key, now);
    await s.keys.revoke(byPrefix.prefix);
    await expect(s.keys.authenticate(byPrefix.key, now)).rejects.toMatchObject({ code: 'invalid_token' });
    await s.keys.revokeForUser(byOwner.userId, byOwner.id);
    await expect(s.keys.authenticate(byOwner.key, now)).rejects.toMatchObject({ code: 'invalid_token' });
  });

  it("stops a disabled user's keys and sessions at once in the same process", async () => {
    const s = createDomainServices(getDb());
    const { key, userId } = await s.keys.createKey('disable-now');
    const session = await s.sessions.create(userId);
    const now = new Date();
    await s.keys.authenticate(key, now);
    await expect(s.sessions.resolve(session.token, now)).resolves.not.toBeNull();
    await s.users.setDisabled(userId, true);
    await expect(s.keys.authenticate(key, now)).rejects.toMatchObject({ code: 'invalid_token' });
    await expect(s.sessions.resolve(session.token, now)).resolves.toBeNull();
  });

  it('ends a signed-out session at once, and answers a fresh profile after a change', async () => {
    const s = createDomainServices(getDb());
    const user = await s.users.create({ email: 'cache-session@example.com', password: 'correct horse battery', language: 'en' });
    const first = await s.sessions.create(user.id);
    const second = await s.sessions.create(user.id);
    const now = new Date();
    await s.sessions.resolve(first.token, now);
    await s.users.updateProfile(user.id, { language: 'ja' });
    expect((await s.sessions.resolve(first.token, now))?.user.language).toBe('ja');
    await s.sessions.end(first.sessionId);
    await expect(s.sessions.resolve(first.token, now)).resolves.toBeNull();
    await s.sessions.resolve(second.token, now);
    await s.sessions.endAll(user.id);
    await expect(s.sessions.resolve(second.token, now)).resolves.toBeNull();
  });

  it('lets a revocation made by another process take effect here within 5 s', async () => {
    const here = createDomainServices(getDb());
    const elsewhere = createDomainServices(getDb());
    const { key, prefix, userId } = await here.keys.createKey('revoke-elsewhere');
    const session = await here.sessions.create(userId);
    const t0 = new Date();
    await here.keys.authenticate(key, t0);
    await here.sessions.resolve(session.token, t0);
    await elsewhere.keys.revoke(prefix);
    await elsewhere.users.setDisabled(userId, true);
    await expect(here.keys.authenticate(key, at(t0, CREDENTIAL_CACHE_TTL_MS))).rejects.toMatchObject({ code: 'invalid_token' });
    await expect(here.sessions.resolve(session.token, at(t0, CREDENTIAL_CACHE_TTL_MS))).resolves.toBeNull();
  });
});
