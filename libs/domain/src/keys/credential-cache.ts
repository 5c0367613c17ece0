/**
 * How long a verified credential is trusted without asking the database again. It is also the bound on
 * how late a revocation made by another instance (or by `npm run keys -- revoke`) takes effect here.
 */
export const CREDENTIAL_CACHE_TTL_MS = 5_000;
const CAPACITY = 10_000;
/** Capacity of a cache of refused credentials: a bound on what made-up ones can fill. */
export const REJECTED_CAPACITY = 1_000;

/**
 * The process's revocation signal, shared by the key, session and user services: every write that can
 * take a credential away (key revoked, session ended, user disabled or changed) calls {@link revokeAll}.
 */
export class Revocations {
  private current = 0;
  private readonly caches = new Set<{ clear(): void }>();

  /** Bumped by every revocation: a lookup that began under an older generation is not cached. */
  get generation(): number {
    return this.current;
  }

  watch(cache: { clear(): void }): void {
    this.caches.add(cache);
  }

  revokeAll(): void {
    this.current++;
    for (const cache of this.caches) cache.clear();
  }
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/** Marks when a lookup began: what it finds is only cached if nothing was revoked in between. */
export type LookupTicket = number;

/**
 * Recently verified credentials (API keys, dashboard sessions), so that a busy client costs one database
 * lookup per {@link CREDENTIAL_CACHE_TTL_MS} instead of one per request. Bounded: the oldest entry leaves
 * past the capacity.
 *
 * Revocation in this process is immediate: {@link Revocations.revokeAll} empties every cache and makes
 * the lookups already in flight unable to store what they read before the write. Revocation in another
 * process reaches this one when the entry expires, at most {@link CREDENTIAL_CACHE_TTL_MS} later.
 */
export class CredentialCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly revocations = new Revocations(),
    private readonly ttlMs = CREDENTIAL_CACHE_TTL_MS,
    private readonly capacity = CAPACITY,
  ) {
    revocations.watch(this);
  }

  /** Call before the database lookup; pass the ticket to {@link set}. */
  ticket(): LookupTicket {
    return this.revocations.generation;
  }

  get(key: string, nowMs: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores a credential verified by a lookup that began at `ticket`, unless a revocation came since. */
  set(key: string, value: T, nowMs: number, ticket: LookupTicket): void {
    if (ticket !== this.revocations.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: nowMs + this.ttlMs });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Forgets one credential (e.g. a session whose expiry was just pushed forward). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
