import { SharedFlights } from '@propfolio/core';

/**
 * How long a verified credential is trusted without asking the database again. It is also the bound on
 * how late a revocation made by another instance (or by `npm run keys -- revoke`) takes effect here.
 */
export const CREDENTIAL_CACHE_TTL_MS = 5_000;
const CAPACITY = 10_000;
/** Capacity of the refusals a cache remembers: a bound on what made-up credentials can fill. */
const REFUSAL_CAPACITY = 1_000;

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
  /** Lookups that found no live credential, when this cache remembers them (see {@link rememberingRefusals}). */
  private readonly refusals: CredentialCache<true> | undefined;
  /** Lookups under way: the requests in flight when an entry expires wait for one lookup, not one each. */
  private readonly loading = new SharedFlights<T | null>();

  constructor(
    private readonly revocations = new Revocations(),
    private readonly ttlMs = CREDENTIAL_CACHE_TTL_MS,
    private readonly capacity = CAPACITY,
    refusalCapacity = 0,
  ) {
    revocations.watch(this);
    this.refusals = refusalCapacity > 0 ? new CredentialCache(revocations, ttlMs, refusalCapacity) : undefined;
  }

  /**
   * A cache that also remembers refusals for the TTL, for a credential that cannot become valid later
   * except through a revocation signal (an API key: random, and shown only once it exists, so an unknown
   * one stays unknown; re-enabling its user revokes). A client stuck on a revoked key then costs one
   * lookup per TTL, not one per request. Refusals are kept apart and fewer, so that a flood of made-up
   * credentials cannot push verified ones out.
   */
  static rememberingRefusals<T>(revocations: Revocations): CredentialCache<T> {
    return new CredentialCache<T>(revocations, CREDENTIAL_CACHE_TTL_MS, CAPACITY, REFUSAL_CAPACITY);
  }

  /**
   * The credential under `key`, or null: from the cache, else from `load` (null: none is live), whose
   * answer is kept for the TTL unless a revocation came while it ran; a refusal only when remembered.
   * Concurrent misses of one key share a single `load`, unless a revocation separates them.
   */
  async lookup(key: string, nowMs: number, load: () => Promise<T | null>): Promise<T | null> {
    const cached = this.get(key, nowMs);
    if (cached !== undefined) return cached;
    if (this.refusals?.get(key, nowMs)) return null;
    const ticket = this.ticket();
    return this.loading.run(key, ticket, async () => {
      const found = await load();
      if (found === null) this.refusals?.set(key, true, nowMs, ticket);
      else this.set(key, found, nowMs, ticket);
      return found;
    });
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
