import { AsyncLocalStorage } from 'node:async_hooks';
import type { Prisma, PrismaClient } from './generated/prisma/client.js';

/**
 * Limits of a whole unit (an idempotent request: its key, the operation, its stored answer). Wider than
 * Prisma's defaults (2 s to start, 5 s to run) because a concurrent duplicate spends its time waiting on
 * the key's unique index for the first request to commit, and one unit holds everything its operation does.
 */
const UNIT_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

type BatchOrWork = readonly Prisma.PrismaPromise<unknown>[] | ((client: PrismaClient) => Promise<unknown>);

/**
 * One transaction that the code running inside it joins without knowing: while a unit runs, the
 * database's `prisma` resolves to the unit's transaction, and a service's own `$transaction(fn)` becomes
 * a savepoint in it (its failure undoes only its own work, as a transaction of its own would).
 */
export class AmbientTransactions {
  private readonly current = new AsyncLocalStorage<PrismaClient>();

  constructor(private readonly base: PrismaClient) {}

  /** The unit's client while one runs in this async context, else the database's own client. */
  get client(): PrismaClient {
    return this.current.getStore() ?? this.base;
  }

  /** Whether a unit runs in this async context (its writes are not committed until it ends). */
  get active(): boolean {
    return this.current.getStore() !== undefined;
  }

  /** Runs `work` as one unit: all of it commits, or none of it. Inside a unit, `work` joins it. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const outer = this.current.getStore();
    if (outer) return outer.$transaction(() => work());
    // base.$transaction is the one that retries a unit whose connection died (see openDatabase).
    return this.base.$transaction((tx) => this.current.run(joinable(tx), work), UNIT_OPTIONS);
  }
}

/**
 * The transaction client, with `$transaction` as savepoints (Prisma's transaction client has none). One
 * connection carries the unit, so its nested transactions run one after the other, never side by side.
 */
function joinable(tx: Prisma.TransactionClient): PrismaClient {
  let savepoints = 0;
  const nested = async (batchOrWork: BatchOrWork): Promise<unknown> => {
    const name = `unit_${String(++savepoints)}`;
    await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
    try {
      const result = typeof batchOrWork === 'function' ? await batchOrWork(client) : await inOrder(batchOrWork);
      await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      // A dead connection fails this too; the unit's own error is the one worth reporting.
      await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      throw error;
    }
  };
  const client = new Proxy(tx, {
    get: (target, property): unknown => (property === '$transaction' ? nested : Reflect.get(target, property)),
  }) as unknown as PrismaClient;
  return client;
}

/** A batch runs its queries one after the other, as `$transaction([...])` does. */
async function inOrder(batch: readonly Prisma.PrismaPromise<unknown>[]): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const query of batch) results.push(await query);
  return results;
}
