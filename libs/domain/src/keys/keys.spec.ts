import { describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { ApiKeyService } from './keys.service.js';
import { KeysRepository } from './keys.repository.js';
import { generateKey, isWellFormedKey } from './key-format.js';
import { LastUsedThrottle } from './last-used-throttle.js';

describe('key format', () => {
  it('is eakey_, 40 random base62 characters and a 6-character checksum', () => {
    const { key, prefix, hash } = generateKey();
    expect(key).toMatch(/^eakey_[0-9A-Za-z]{46}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength(14);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key.slice(6));
    expect(isWellFormedKey(key)).toBe(true);
  });

  it('rejects typos, truncation and other shapes by the checksum alone', () => {
    const { key } = generateKey();
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'a' ? 'b' : 'a') + s.slice(i + 1);
    for (const bad of [
      flip(key, 10),
      flip(key, key.length - 1),
      key.slice(0, -1),
      `${key}x`,
      key.replace('eakey_', 'eakey-'),
      'eakey_short',
      '',
      `Bearer ${key}`,
    ]) {
      expect(isWellFormedKey(bad)).toBe(false);
    }
  });

  it('throttles lastUsedAt writes to one a minute per key', () => {
    const throttle = new LastUsedThrottle(60_000, 2);
    expect(throttle.claim('a', 0)).toBe(true);
    expect(throttle.claim('a', 59_999)).toBe(false);
    expect(throttle.claim('b', 1)).toBe(true);
    expect(throttle.claim('a', 60_000)).toBe(true);
    expect(throttle.claim('c', 2)).toBe(true); // evicts the oldest (b)
    expect(throttle.claim('b', 3)).toBe(true);
  });
});

describeEachDatabase('API keys', (getDb) => {
  it('creates a key for a new or existing user, stores only its hash, and authenticates it', async () => {
    const keys = new ApiKeyService(new KeysRepository(getDb()));
    const first = await keys.createKey('alice');
    const second = await keys.createKey(' alice ', 'laptop');
    expect(second.userId).toBe(first.userId);
    const stored = await getDb().prisma.apiKey.findMany({ where: { userId: first.userId } });
    expect(stored.map((k) => k.prefix).sort()).toEqual([first.prefix, second.prefix].sort());
    expect(JSON.stringify(stored)).not.toContain(first.key.slice(6));
    await expect(keys.authenticate(first.key)).resolves.toMatchObject({ userId: first.userId, userName: 'alice' });
  });

  it('refuses malformed keys before any lookup, and unknown or revoked keys after', async () => {
    const db = getDb();
    const keys = new ApiKeyService(new KeysRepository(db));
    const created = await keys.createKey('bob');
    const lookups: string[] = [];
    const spying = new ApiKeyService(
      new KeysRepository({
        ...db,
        prisma: new Proxy(db.prisma, {
          get: (target, prop) => {
            lookups.push(String(prop));
            return Reflect.get(target, prop) as unknown;
          },
        }),
      }),
    );
    await expect(spying.authenticate('eakey_' + 'A'.repeat(46))).rejects.toMatchObject({ code: 'invalid_token', status: 401 });
    expect(lookups).toEqual([]);
    await expect(keys.authenticate(generateKey().key)).rejects.toMatchObject({ code: 'invalid_token' });
    const revoked = await keys.revoke(created.prefix);
    expect(revoked.revokedAt).not.toBeNull();
    await expect(keys.authenticate(created.key)).rejects.toMatchObject({ code: 'invalid_token' });
    await expect(keys.revoke('eakey_nothere')).rejects.toMatchObject({ code: 'not_found' });
    const listed = (await keys.listKeys()).find((k) => k.prefix === created.prefix);
    expect(listed).toMatchObject({ userName: 'bob', revokedAt: revoked.revokedAt });
  });

  it('writes lastUsedAt at most once a minute per key', async () => {
    const keys = new ApiKeyService(new KeysRepository(getDb()));
    const { key, prefix } = await keys.createKey('carol');
    const lastUsed = async () => (await getDb().prisma.apiKey.findUniqueOrThrow({ where: { prefix } })).lastUsedAt?.toISOString();
    const t0 = new Date('2026-03-15T12:00:00.000Z');
    await keys.authenticate(key, t0);
    expect(await lastUsed()).toBe(t0.toISOString());
    await keys.authenticate(key, new Date(t0.getTime() + 30_000));
    expect(await lastUsed()).toBe(t0.toISOString());
    // another process (fresh throttle) within the minute: the conditional update writes nothing
    await new ApiKeyService(new KeysRepository(getDb())).authenticate(key, new Date(t0.getTime() + 45_000));
    expect(await lastUsed()).toBe(t0.toISOString());
    const t1 = new Date(t0.getTime() + 61_000);
    await keys.authenticate(key, t1);
    expect(await lastUsed()).toBe(t1.toISOString());
  });
});

describeEachDatabase('local owner', (getDb) => {
  it('is created with one key on an empty database only', async () => {
    const keys = new ApiKeyService(new KeysRepository(getDb()));
    const owner = await keys.ensureLocalOwner();
    expect(owner).toMatchObject({ userName: 'owner' });
    expect(isWellFormedKey(owner?.key ?? '')).toBe(true);
    await expect(keys.ensureLocalOwner()).resolves.toBeNull();
    await expect(keys.authenticate(owner?.key ?? '')).resolves.toMatchObject({ userName: 'owner' });
  });
});
