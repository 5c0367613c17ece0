import { AppError, type Caller } from '@propfolio/core';
import type { KeyRow, KeysRepository, KeyWithUserName } from './keys.repository.js';
import { CredentialCache, Revocations } from './credential-cache.js';
import { generateKey, hashKey, isWellFormedKey } from './key-format.js';
import type { ApiKeyListing, CreatedKey, OwnKeyListing } from './keys.outputs.js';
import { LastUsedThrottle, LAST_USED_INTERVAL_MS } from './last-used-throttle.js';

/** Name of the user created on the first start against an empty database. */
export const LOCAL_OWNER = 'owner';
const MAX_USER_NAME = 64;
/** Unrevoked keys one person may hold from the dashboard (one per EA or agent is far fewer); the operator CLI is not capped. */
export const MAX_ACTIVE_KEYS_PER_USER = 20;

const toListing = (k: KeyWithUserName): ApiKeyListing => ({
  prefix: k.prefix,
  userName: k.user.name,
  label: k.label,
  scope: k.scope,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

const toOwnListing = (k: KeyRow): OwnKeyListing => ({
  id: k.id,
  name: k.label,
  prefix: k.prefix,
  scope: k.scope,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export const KEY_SCOPES = ['full', 'tracker'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

const invalidToken = () => new AppError('invalid_token', 'The API key is not valid: it is malformed, unknown or revoked.');

/** API keys: created for a user (shown once), checked on every request, listed and revoked. */
interface CachedKey extends Caller {
  keyId: string;
}

export class ApiKeyService {
  private readonly throttle = new LastUsedThrottle();
  private readonly verified: CredentialCache<CachedKey>;

  constructor(
    private readonly keys: KeysRepository,
    /** Shared with the session and user services of the process, which revoke through it too. */
    private readonly revocations = new Revocations(),
  ) {
    this.verified = CredentialCache.rememberingRefusals(revocations);
  }

  /** Creates a key for `userName`, creating the user if needed. The key is in the answer only. */
  async createKey(userName: string, label?: string): Promise<CreatedKey> {
    const name = userName.trim();
    if (name.length === 0 || name.length > MAX_USER_NAME) {
      throw AppError.invalidField('user', `must be 1 to ${MAX_USER_NAME} characters`);
    }
    const user = await this.keys.ensureUser(name);
    const { key, prefix, hash } = generateKey();
    const row = await this.keys.insertKey({ userId: user.id, prefix, hash, label: label ?? null });
    return { key, id: row.id, prefix, userId: user.id, userName: user.name };
  }

  /**
   * A key for an existing user (the dashboard), with its scope; the secret is in the answer only. At most
   * MAX_ACTIVE_KEYS_PER_USER unrevoked keys each (409 past it): the user's row is locked while counting,
   * so parallel requests cannot pass the cap together.
   */
  async createForUser(userId: string, name: string | null, scope: KeyScope): Promise<{ key: OwnKeyListing; secret: string }> {
    const { key, prefix, hash } = generateKey();
    const row = await this.keys.insertKeyCapped({ userId, prefix, hash, label: name, scope }, (active) => {
      if (active >= MAX_ACTIVE_KEYS_PER_USER) {
        throw AppError.conflict(
          `You already have ${MAX_ACTIVE_KEYS_PER_USER} active API keys, the most one person may have: revoke one you no longer use, then create the new one.`,
        );
      }
    });
    return { key: toOwnListing(row), secret: key };
  }

  /** The user's own keys, newest first. */
  async listForUser(userId: string): Promise<OwnKeyListing[]> {
    return (await this.keys.keysOfUser(userId)).map(toOwnListing);
  }

  /** Revokes one of the user's own keys; another user's key id answers 404 like an unknown one. */
  async revokeForUser(userId: string, id: string, now = new Date()): Promise<OwnKeyListing> {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await this.keys.keyOfUser(userId, id) : null;
    if (!found) throw AppError.notFound('API key');
    const row = await this.keys.revokeKey(found, now);
    this.revocations.revokeAll();
    return toOwnListing(row);
  }

  /**
   * The caller behind `rawKey`, or `invalid_token`. The shape and checksum are checked before any
   * lookup; a key verified in the last few seconds is answered from the {@link CredentialCache} (see
   * there how revocation stays immediate here and bounded elsewhere); `lastUsedAt` is written at most
   * once a minute per key.
   */
  async authenticate(rawKey: string, now = new Date()): Promise<Caller> {
    if (!isWellFormedKey(rawKey)) throw invalidToken();
    const hash = hashKey(rawKey);
    const cacheKey = `key:${hash}`;
    const caller = await this.verified.lookup(cacheKey, now.getTime(), async () => {
      const found = await this.keys.keyHolder(hash);
      // A disabled user's keys stop on their next request: the user row comes with the key lookup.
      if (!found || found.revoked || found.userDisabled) return null;
      return { keyId: found.id, userId: found.userId, userName: found.userName, credentialId: `key:${found.id}`, scope: found.scope };
    });
    if (!caller) throw invalidToken();
    if (this.throttle.claim(caller.keyId, now.getTime())) await this.touch(caller.keyId, now);
    return { userId: caller.userId, userName: caller.userName, credentialId: caller.credentialId, scope: caller.scope };
  }

  /** Conditional write, so several processes together still write about once a minute. */
  private async touch(keyId: string, now: Date): Promise<void> {
    await this.keys.touchKey(keyId, now, new Date(now.getTime() - LAST_USED_INTERVAL_MS));
  }

  /** Revokes the key with display prefix `prefix` (effective on the next request); revoking twice is harmless. */
  async revoke(prefix: string, now = new Date()): Promise<ApiKeyListing> {
    const found = await this.keys.keyByPrefix(prefix);
    if (!found) throw AppError.notFound(`API key ${prefix}`);
    const key = await this.keys.revokeKey(found, now);
    this.revocations.revokeAll();
    return toListing(key);
  }

  async listKeys(): Promise<ApiKeyListing[]> {
    return (await this.keys.allKeys()).map(toListing);
  }

  /**
   * On the first start against an empty database (no user at all): creates the local owner and returns
   * its key, to be printed once. Returns null on every later start.
   */
  async ensureLocalOwner(): Promise<CreatedKey | null> {
    if (await this.keys.anyUser()) return null;
    // The owner is the first admin; the dashboard's setup link gives it an email and password.
    const { key, prefix, hash } = generateKey();
    const made = await this.keys.insertOwner(LOCAL_OWNER, { prefix, hash, label: 'local owner' });
    // Another process created the owner first: that one prints the key.
    if (!made) return null;
    return { key, id: made.key.id, prefix, userId: made.user.id, userName: made.user.name };
  }
}
