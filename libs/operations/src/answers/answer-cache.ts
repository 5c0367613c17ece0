import { SharedFlights } from '@propfolio/core';

/** Scope of the answers that depend on shared data only (the public catalog). */
export const CATALOG_SCOPE = 'catalog';
/** A change to shared data: every scope's answers may embed it (e.g. a challenge shows its catalog plan). */
export const EVERY_SCOPE = '*';

/** A kept answer is dropped after this long even without a change signal: the bound on any missed one. */
const MAX_AGE_MS = 60_000;

interface Entry {
  value: unknown;
  generation: number;
  storedAt: number;
}

/** Marks when a computation began: what it produced is kept only if nothing changed its scope since. */
interface Ticket {
  generation: number;
}

/**
 * Answers of read operations, per scope (a user id, or {@link CATALOG_SCOPE}), kept until a write
 * changes what they were read from. Bounded: past `capacity` the least recently stored entry leaves.
 *
 * Correctness rests on three signals, each bumping the scope's generation so that older entries stop
 * matching and computations in flight cannot store what they read before the write:
 * - {@link writing} around every write made in this process, from before it starts until after it
 *   committed, so that a caller reads its own writes at once (no answer is served or kept meanwhile);
 * - {@link changed}, from the database's change notifications (every committed write, whichever
 *   instance or tool made it), so that other instances see a write as soon as its notification arrives;
 * - {@link setLive}: while the notifications are not flowing (listener reconnecting), nothing is kept.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private readonly writers = new Map<string, number>();
  /** Computations under way: readers that miss together (after a write, at expiry) share one. */
  private readonly computing = new SharedFlights<unknown>();
  /** Bumped by a change to every scope; part of each scope's generation. */
  private epoch = 0;
  private counter = 0;
  private live = false;

  constructor(
    private readonly capacity: number,
    private readonly clock: () => number = Date.now,
    /** Called when a write has finished (committed or not): tells the other instances at once. */
    private readonly written: () => void = () => undefined,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The kept answer for `key` in `scope`, or the one `compute` gives (kept for the next call when the
   * scope did not change while it ran). Errors are never kept. Readers of one key that miss while its
   * computation runs, with no change of the scope since it began, get that computation's result.
   */
  async answer<T>(scope: string, key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.usable(scope)) return compute();
    const fullKey = `${scope}\n${key}`;
    const ticket = this.ticket(scope);
    const entry = this.entries.get(fullKey);
    if (entry && entry.generation === ticket.generation && this.clock() - entry.storedAt < MAX_AGE_MS) return entry.value as T;
    const shared = this.computing.run(fullKey, ticket.generation, async () => {
      const value = await compute();
      if (this.usable(scope) && this.ticket(scope).generation === ticket.generation) this.store(fullKey, value, ticket);
      return value;
    });
    return shared as Promise<T>;
  }

  /** Runs a write of `scope`'s records: no answer of that scope is served or kept until it has finished. */
  async writing<T>(scope: string, work: () => Promise<T>): Promise<T> {
    this.writers.set(scope, (this.writers.get(scope) ?? 0) + 1);
    this.changed(scope);
    try {
      return await work();
    } finally {
      const left = (this.writers.get(scope) ?? 1) - 1;
      if (left === 0) this.writers.delete(scope);
      else this.writers.set(scope, left);
      this.changed(scope);
      this.written();
    }
  }

  /** Records of `scope` changed ({@link EVERY_SCOPE}: shared data that any answer may embed). */
  changed(scope: string): void {
    if (scope === EVERY_SCOPE) {
      this.epoch = ++this.counter;
      // Every scope's generation is now below the epoch: none of them decides a ticket any more.
      this.generations.clear();
      this.entries.clear();
      return;
    }
    this.generations.set(scope, ++this.counter);
  }

  /** Whether change notifications are flowing; answers are only kept while they are. */
  setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    this.changed(EVERY_SCOPE);
  }

  private usable(scope: string): boolean {
    return this.live && this.capacity > 0 && !this.writers.has(scope);
  }

  private ticket(scope: string): Ticket {
    return { generation: Math.max(this.epoch, this.generations.get(scope) ?? 0) };
  }

  private store(fullKey: string, value: unknown, ticket: Ticket): void {
    this.entries.delete(fullKey);
    this.entries.set(fullKey, { value: deepFreeze(value), generation: ticket.generation, storedAt: this.clock() });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

/** A kept answer is shared by every later caller: freezing it makes any mutation fail loudly instead. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value as object)) deepFreeze(child);
  return value;
}
