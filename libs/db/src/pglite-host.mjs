// The embedded database's own thread (see pglite-thread.ts, which starts it and speaks for it in the server's
// thread). Plain JavaScript on purpose: a worker thread is started by Node itself, outside Jest's and tsx's
// loaders, and the app builds copy it as dist/pglite-host.js (tools/tsup-app.ts).
//
// It owns one PGlite and answers the requests of pglite-thread.ts one message each: queries, scripts,
// transactions (held open across messages until the other side ends them), notifications and dumps.
import { parentPort, workerData } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

/** @type {PGlite} */
let pglite;
/** Open transactions by id: the transaction's handle, and how to end it (true commits, false rolls back). */
const transactions = new Map();
/** The identity parsers asked for, by their list of type ids (the other side parses those columns itself). */
const rawParsers = new Map();

function rawParsersFor(typeIds) {
  const key = typeIds.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(typeIds.map((id) => [id, (text) => text]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

/** An error as data: a database error keeps every field PostgreSQL sent (code, detail, constraint…). */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', database: false, fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) if (typeof value !== 'object' && typeof value !== 'function') fields[key] = value;
  // PGlite's DatabaseError carries PostgreSQL's severity and SQLSTATE; the other side rebuilds it as one.
  return { message: error.message, name: error.name, database: 'severity' in error && 'code' in error, fields };
}

function queryable(txId) {
  if (txId === undefined) return pglite;
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function runQuery({ sql, params, rowMode, rawTypes, txId }) {
  const options = { ...(rowMode ? { rowMode } : {}), ...(rawTypes?.length ? { parsers: rawParsersFor(rawTypes) } : {}) };
  const result = await queryable(txId).query(sql, params ?? [], options);
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

/** Begins a transaction and answers once it is open; it stays open until `end` (or the thread closes). */
function begin(txId) {
  return new Promise((opened, failed) => {
    pglite
      .transaction(async (tx) => {
        const ended = new Promise((commit, rollback) => transactions.set(txId, { tx, commit, rollback }));
        opened(undefined);
        await ended;
      })
      .then(
        () => transactions.get(txId)?.settled?.(undefined),
        (error) => {
          // Ended by `end`: it answers. Failed before it opened (BEGIN refused): `begin` answers.
          const open = transactions.get(txId);
          if (open?.failed) open.failed(error);
          else failed(error);
        },
      );
  });
}

/** Ends a transaction: commits (or rolls back) and answers when PGlite has done so. */
function end(txId, commit) {
  const open = transactions.get(txId);
  if (!open) return Promise.resolve();
  return new Promise((settled, failed) => {
    open.settled = (value) => {
      transactions.delete(txId);
      settled(value);
    };
    open.failed = (error) => {
      transactions.delete(txId);
      // A rollback asked for ends with PGlite's rejection of the transaction: that is its success.
      if (commit) failed(error);
      else settled(undefined);
    };
    if (commit) open.commit(undefined);
    else open.rollback(new Error('rolled back'));
  });
}

const unlisteners = new Map();

const handlers = {
  query: runQuery,
  exec: async ({ sql, txId }) => {
    await queryable(txId).exec(sql);
    return null;
  },
  begin: ({ txId }) => begin(txId),
  end: ({ txId, commit }) => end(txId, commit),
  rollback: async ({ txId }) => {
    await queryable(txId).rollback();
    return null;
  },
  listen: async ({ channel }) => {
    if (!unlisteners.has(channel))
      unlisteners.set(channel, await pglite.listen(channel, (payload) => parentPort.postMessage({ notify: channel, payload })));
    return null;
  },
  unlisten: async ({ channel }) => {
    const unlisten = unlisteners.get(channel);
    unlisteners.delete(channel);
    if (unlisten && !pglite.closed) await unlisten();
    return null;
  },
  dump: async () => {
    const tarball = await pglite.dumpDataDir('none');
    return await tarball.arrayBuffer();
  },
  close: async () => {
    if (!pglite.closed) await pglite.close();
    return null;
  },
};

async function open() {
  const { dataDir, snapshot, conf } = workerData;
  // V8's baseline compiler (Liftoff) only, while PGlite compiles its 9 MB of WASM: by default V8 recompiles every hot
  // function with its optimising compiler on background threads, which on 2 cores competes with the requests and stays
  // resident (measured in-process: start 2.1 → 1.5 s, idle RSS 286 → 213 MB, uncached writes +25–40 %, an
  // executor-heavy read about 15 % slower). The flag is process-wide, so it is set only while PGlite compiles.
  setFlagsFromString('--liftoff-only');
  try {
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(snapshot ? { loadDataDir: new Blob([snapshot]) } : {}),
      postgresqlconf: conf,
    });
  } finally {
    setFlagsFromString('--no-liftoff-only');
  }
}

parentPort.on('message', (request) => {
  const handler = handlers[request.op];
  Promise.resolve()
    .then(() => handler(request))
    .then(
      (value) => parentPort.postMessage({ id: request.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []),
      (error) => parentPort.postMessage({ id: request.id, ok: false, error: errorData(error) }),
    );
});

open().then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: errorData(error) }),
);
