import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';

/**
 * PostgreSQL connection failures that a retry on a fresh connection cures: the backend was terminated
 * (57P01 admin shutdown, 57P02/57P03), the connection broke (class 08), the server was briefly out of
 * connection slots (53300), or the socket closed under the driver.
 */
const CODES = /\b(57P01|57P02|57P03|08000|08001|08003|08004|08006|53300|P1001|P1017)\b/;
const MESSAGES =
  /Connection terminated|terminating connection|ECONNRESET|ECONNREFUSED|EPIPE|Connection ended|server closed the connection|Client has encountered a connection error|ConnectionClosed|DatabaseNotReachable|Client was closed and is not queryable/i;

export function isTransientConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown; meta?: unknown; cause?: unknown };
    const text = [e.code, e.originalCode, e.kind, e.message, e.meta === undefined ? '' : JSON.stringify(e.meta)].map(String).join(' ');
    if (CODES.test(text) || MESSAGES.test(text)) return true;
    current = e.cause;
  }
  return false;
}

/** Waits between attempts: short, because a killed backend is replaced by the pool at once. */
const BACKOFF_MS = [10, 25, 50, 100, 200, 400, 800];

/** Runs `work`, again on a transient connection error (up to seven more times); any other error is final. */
export async function retryTransient<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const wait = BACKOFF_MS[attempt];
      if (wait === undefined || !isTransientConnectionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * The adapter with retries on statements outside a transaction and on opening one. Safe: a statement
 * whose connection failed did not commit (PostgreSQL rolls back what a terminated backend was doing,
 * and autocommit reports success only after the commit). Statements inside a transaction are not
 * retried here: the whole transaction is (see openDatabase).
 */
export function retryingAdapter(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await retryTransient(() => factory.connect());
      const retried: Partial<SqlDriverAdapter> = {
        queryRaw: (query) => retryTransient(() => adapter.queryRaw(query)),
        executeRaw: (query) => retryTransient(() => adapter.executeRaw(query)),
        startTransaction: (isolationLevel) => retryTransient(() => adapter.startTransaction(isolationLevel)),
      };
      return new Proxy(adapter, {
        get(target, property, receiver) {
          if (typeof property === 'string' && property in retried) return retried[property as keyof SqlDriverAdapter];
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
  };
}
