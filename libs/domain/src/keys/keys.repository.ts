/**
 * The API keys' data access: one method per intent, every row with named fields. Which keys a person may hold, the
 * key format, the caches and the throttle of `lastUsedAt` stay in keys.service.ts.
 */
import type { Scope } from '@propfolio/core';
import { Prisma, type ApiKeyModel, type Database } from '@propfolio/db';

/** A stored key (its hash, never the key). */
export type KeyRow = ApiKeyModel;

/** A stored key with its owner's name. */
export type KeyWithUserName = KeyRow & { user: { name: string } };

/** The key a bearer token's hash names, with what its check needs of the owner. */
export interface KeyHolder {
  id: string;
  userId: string;
  userName: string;
  scope: Scope;
  revoked: boolean;
  userDisabled: boolean;
}

/** A new key's stored parts. */
export interface NewKey {
  userId: string;
  prefix: string;
  hash: string;
  label: string | null;
  scope?: Scope;
}

export interface KeyOwner {
  id: string;
  name: string;
}

const WITH_USER_NAME = { user: { select: { name: true } } } as const;

const ANY_USER_SQL = 'SELECT EXISTS (SELECT 1 FROM "User") AS "any"';

export class KeysRepository {
  constructor(private readonly db: Database) {}

  /** The user named `name`, created if there is none. */
  async ensureUser(name: string): Promise<KeyOwner> {
    const user = await this.db.prisma.user.upsert({ where: { name }, create: { name }, update: {} });
    return { id: user.id, name: user.name };
  }

  async insertKey(key: NewKey): Promise<KeyRow> {
    return this.db.prisma.apiKey.create({ data: key });
  }

  /**
   * Inserts a key for `key.userId` unless `refuse(active)` throws, `active` being the user's unrevoked keys counted
   * with the user's row locked, so parallel requests cannot pass a cap together.
   */
  async insertKeyCapped(key: NewKey, refuse: (active: number) => void): Promise<KeyRow> {
    return this.db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${key.userId} FOR UPDATE`;
      refuse(await tx.apiKey.count({ where: { userId: key.userId, revokedAt: null } }));
      return tx.apiKey.create({ data: key });
    });
  }

  /** The user's own keys, newest first. */
  async keysOfUser(userId: string): Promise<KeyRow[]> {
    return this.db.prisma.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  async keyOfUser(userId: string, id: string): Promise<KeyRow | null> {
    return this.db.prisma.apiKey.findFirst({ where: { id, userId } });
  }

  async keyByPrefix(prefix: string): Promise<KeyRow | null> {
    return this.db.prisma.apiKey.findUnique({ where: { prefix } });
  }

  /** Revokes the key (keeping an earlier revocation's instant). */
  async revokeKey(key: KeyRow, now: Date): Promise<KeyWithUserName> {
    return this.db.prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: key.revokedAt ?? now }, include: WITH_USER_NAME });
  }

  /** The key whose hash is `hash`, with its owner's name and state. */
  async keyHolder(hash: string): Promise<KeyHolder | null> {
    const found = await this.db.prisma.apiKey.findUnique({ where: { hash }, include: { user: true } });
    if (!found) return null;
    return {
      id: found.id,
      userId: found.userId,
      userName: found.user.name,
      scope: found.scope,
      revoked: found.revokedAt !== null,
      userDisabled: found.user.disabledAt !== null,
    };
  }

  /** Sets `lastUsedAt` unless it is newer than `due`: several processes together write about once per interval. */
  async touchKey(keyId: string, now: Date, due: Date): Promise<void> {
    await this.db.prisma.apiKey.updateMany({
      where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: due } }] },
      data: { lastUsedAt: now },
    });
  }

  /** Every key with its owner's name, oldest first. */
  async allKeys(): Promise<KeyWithUserName[]> {
    return this.db.prisma.apiKey.findMany({ include: WITH_USER_NAME, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** Whether any user exists (on the driver: every start asks before it listens, and Prisma's first query is slow). */
  async anyUser(): Promise<boolean> {
    const [row] = await this.db.driverQuery<{ any: boolean }>(ANY_USER_SQL);
    return row?.any ?? false;
  }

  /** Creates the first admin with its key; null when another process created a user of that name first. */
  async insertOwner(name: string, key: Omit<NewKey, 'userId'>): Promise<{ user: KeyOwner; key: KeyRow } | null> {
    try {
      const user = await this.db.prisma.user.create({ data: { name, admin: true } });
      const row = await this.db.prisma.apiKey.create({ data: { ...key, userId: user.id } });
      return { user: { id: user.id, name: user.name }, key: row };
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
      throw error;
    }
  }
}
