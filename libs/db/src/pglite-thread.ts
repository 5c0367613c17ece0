import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { messages, PGlite, Results } from '@electric-sql/pglite';

/**
 * PGlite in a worker thread of its own, spoken to by messages (pglite-host.mjs is the other end).
 *
 * Why: PGlite is PostgreSQL compiled to WASM; run in the server's thread, every statement it executes
 * holds the event loop. A maximum tracker message (10,000 positions of 7 exits, about 80 upsert
 * statements) held it tens of milliseconds a statement, so another user's request, even one answered
 * from the cache, waited behind each (issue 40: another user's read 21× its idle latency on PGlite,
 * 1.6× on PostgreSQL, whose statements run in another process). In its own thread PGlite executes
 * while the server's thread goes on answering; what stays here is the JavaScript of each request.
 *
 * The object below stands in for a `PGlite` where this project uses one: the Prisma adapter
 * (`query` with its row mode and parsers, `exec`, `transaction`) and pglite-target.ts (`listen`,
 * dumps, `close`). Semantics are PGlite's own: its queue serialises statements, a transaction holds
 * it until it ends, so other statements wait exactly as they did in-process.
 */

interface ErrorData {
  message: string;
  name: string;
  database: boolean;
  fields: Record<string, unknown>;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorData };
type Notice = { notify: string; payload: string };
type Ready = { ready: true } | { ready: false; error: ErrorData };

/** Column parsers by type id, as PGlite's `parsers` option takes them. */
type Parsers = Record<number, (text: string, typeId: number) => unknown>;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Parsers;
}

/** What the Prisma adapter and pglite-target.ts use of a transaction. */
interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The host script: dist/pglite-host.js beside an app bundle, else the source beside this file (tests, tsx). */
function hostEntry(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, 'pglite-host.js');
  return existsSync(built) ? built : join(here, 'pglite-host.mjs');
}

let DatabaseErrorClass: typeof messages.DatabaseError | undefined;

/** An error from the thread as the caller expects it: a database error is PGlite's own class (the adapter checks it). */
function rebuildError(data: ErrorData): Error {
  const error = data.database && DatabaseErrorClass ? new DatabaseErrorClass(data.message, 0, 'error') : new Error(data.message);
  Object.assign(error, data.fields);
  return error;
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private nextTx = 1;
  private exited: Error | null = null;
  private isClosed = false;

  private constructor(worker: Worker) {
    this.worker = worker;
    // Not kept alive by an idle thread: a process with nothing in flight may exit (tests, CLIs), and
    // a request in flight refs it again (see `call`).
    this.worker.unref();
    this.worker.on('message', (message: Reply | Notice) => {
      if ('notify' in message) {
        for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload);
        return;
      }
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(rebuildError(message.error));
    });
    this.worker.on('exit', (code) => {
      this.exited = new Error(`The embedded database's thread stopped (exit code ${code}).`);
      this.isClosed = true;
      for (const waiting of this.pending.values()) waiting.reject(this.exited);
      this.pending.clear();
    });
  }

  /** Starts the thread and opens PGlite in it (a data directory, a snapshot tarball, or memory). */
  static async open(options: { dataDir?: string; snapshot?: Blob; conf: string[] }): Promise<PGliteThread> {
    if (!DatabaseErrorClass) DatabaseErrorClass = (await import('@electric-sql/pglite')).messages.DatabaseError;
    const snapshot = options.snapshot ? await options.snapshot.arrayBuffer() : undefined;
    const worker = new Worker(hostEntry(), {
      workerData: { dataDir: options.dataDir, snapshot, conf: options.conf },
      ...(snapshot ? { transferList: [snapshot] } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The embedded database's thread stopped while opening (exit code ${code}).`));
      worker.once('exit', onExit);
      worker.once('error', reject);
      worker.once('message', (message: Ready) => {
        worker.off('exit', onExit);
        worker.off('error', reject);
        if (message.ready) resolve();
        else {
          void worker.terminate();
          reject(rebuildError(message.error));
        }
      });
    });
    return new PGliteThread(worker);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  private call<T>(op: string, fields: Record<string, unknown> = {}): Promise<T> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, ...fields });
    });
  }

  /**
   * A query. Columns whose types have a caller's parser come back as PostgreSQL's text and are parsed
   * here (functions do not cross threads); the others are parsed by PGlite in the thread.
   */
  async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, txId?: number): Promise<Results<T>> {
    const parsers = options.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const result = await this.call<Results<T>>('query', { sql, params, rowMode: options.rowMode, rawTypes, txId });
    if (rawTypes.length === 0) return result;
    const parse = result.fields.map((field) => parsers[field.dataTypeID]);
    if (!parse.some(Boolean)) return result;
    const arrays = options.rowMode === 'array';
    for (const row of result.rows as unknown[]) {
      result.fields.forEach((field, column) => {
        const parser = parse[column];
        if (!parser) return;
        const cells = row as Record<string | number, unknown>;
        const key = arrays ? column : field.name;
        const text = cells[key];
        if (text !== null && text !== undefined) cells[key] = parser(text as string, field.dataTypeID);
      });
    }
    return result;
  }

  async exec(sql: string, txId?: number): Promise<Results[]> {
    await this.call('exec', { sql, txId });
    // Nothing here reads exec's results (migrations and the adapter's scripts only run them).
    return [];
  }

  /** A transaction held open in the thread while `work` runs here; committed when it returns, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.nextTx++;
    await this.call('begin', { txId });
    let ended = false;
    const tx: ThreadTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        if (ended) return Promise.reject(new Error('Transaction is closed'));
        return this.query<R>(sql, params, options, txId);
      },
      exec: (sql: string) => (ended ? Promise.reject(new Error('Transaction is closed')) : this.exec(sql, txId)),
      // The adapter calls it without awaiting: a second call is a no-op, never a rejection nobody handles.
      rollback: async () => {
        if (ended) return;
        ended = true;
        await this.call('rollback', { txId });
      },
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      ended = true;
      await this.call('end', { txId, commit: false }).catch(() => undefined);
      throw error;
    }
    const commit = !ended;
    ended = true;
    await this.call('end', { txId, commit });
    return result;
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call('listen', { channel });
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size > 0 || this.isClosed) return;
      this.listeners.delete(channel);
      await this.call('unlisten', { channel });
    };
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>('dump')]);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    try {
      await this.call('close');
    } finally {
      this.isClosed = true;
      await this.worker.terminate();
    }
  }

  /** This object where a `PGlite` is expected (the Prisma adapter's constructor): it answers what the adapter calls. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }
}
