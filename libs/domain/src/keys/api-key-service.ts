import { AppError, type Caller } from '@propfolio/core';
import { Prisma, type ApiKeyModel as ApiKey, type Database } from '@propfolio/db';
import { generateKey, hashKey, isWellFormedKey } from './key-format.js';
import type { ApiKeyListing, CreatedKey } from './key-schemas.js';
import { LastUsedThrottle, LAST_USED_INTERVAL_MS } from './last-used-throttle.js';

/** Name of the user created on the first start against an empty database. */
export const LOCAL_OWNER = 'owner';
const MAX_USER_NAME = 64;

const WITH_USER_NAME = { user: { select: { name: true } } } as const;

const toListing = (k: ApiKey & { user: { name: string } }): ApiKeyListing => ({
  prefix: k.prefix,
  userName: k.user.name,
  label: k.label,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

const invalidToken = () =>
  new AppError('invalid_token', 'The API key is not valid: it is malformed, unknown or revoked.');

/** API keys: created for a user (shown once), checked on every request, listed and revoked. */
export class ApiKeyService {
  private readonly throttle = new LastUsedThrottle();

  constructor(private readonly db: Database) {}

  /** Creates a key for `userName`, creating the user if needed. The key is in the answer only. */
  async createKey(userName: string, label?: string): Promise<CreatedKey> {
    const name = userName.trim();
    if (name.length === 0 || name.length > MAX_USER_NAME) {
      throw AppError.invalidField('user', `must be 1 to ${MAX_USER_NAME} characters`);
    }
    const user = await this.db.prisma.user.upsert({ where: { name }, create: { name }, update: {} });
    const { key, prefix, hash } = generateKey();
    await this.db.prisma.apiKey.create({ data: { userId: user.id, prefix, hash, label: label ?? null } });
    return { key, prefix, userId: user.id, userName: user.name };
  }

  /**
   * The caller behind `rawKey`, or `invalid_token`. The shape and checksum are checked before any
   * lookup; `lastUsedAt` is written at most once a minute per key.
   */
  async authenticate(rawKey: string, now = new Date()): Promise<Caller> {
    if (!isWellFormedKey(rawKey)) throw invalidToken();
    const found = await this.db.prisma.apiKey.findUnique({ where: { hash: hashKey(rawKey) }, include: { user: true } });
    if (!found || found.revokedAt) throw invalidToken();
    if (this.throttle.claim(found.id, now.getTime())) await this.touch(found.id, now);
    return { userId: found.userId, userName: found.user.name, keyId: found.id };
  }

  /** Conditional write, so several processes together still write about once a minute. */
  private async touch(keyId: string, now: Date): Promise<void> {
    const due = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    await this.db.prisma.apiKey.updateMany({
      where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: due } }] },
      data: { lastUsedAt: now },
    });
  }

  /** Revokes the key with display prefix `prefix` (effective on the next request); revoking twice is harmless. */
  async revoke(prefix: string, now = new Date()): Promise<ApiKeyListing> {
    const found = await this.db.prisma.apiKey.findUnique({ where: { prefix } });
    if (!found) throw AppError.notFound(`API key ${prefix}`);
    const key = await this.db.prisma.apiKey.update({
      where: { id: found.id },
      data: { revokedAt: found.revokedAt ?? now },
      include: WITH_USER_NAME,
    });
    return toListing(key);
  }

  async listKeys(): Promise<ApiKeyListing[]> {
    const keys = await this.db.prisma.apiKey.findMany({
      include: WITH_USER_NAME,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return keys.map(toListing);
  }

  /**
   * On the first start against an empty database (no user at all): creates the local owner and returns
   * its key, to be printed once. Returns null on every later start.
   */
  async ensureLocalOwner(): Promise<CreatedKey | null> {
    if ((await this.db.prisma.user.count()) > 0) return null;
    try {
      const user = await this.db.prisma.user.create({ data: { name: LOCAL_OWNER } });
      const { key, prefix, hash } = generateKey();
      await this.db.prisma.apiKey.create({ data: { userId: user.id, prefix, hash, label: 'local owner' } });
      return { key, prefix, userId: user.id, userName: user.name };
    } catch (error) {
      // Another process created the owner first: that one prints the key.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
      throw error;
    }
  }
}
