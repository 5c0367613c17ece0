import { messages } from '@electric-sql/pglite';
import { PGliteThread } from './pglite-thread.js';

/** PGlite in its own thread (issue 40): the caller's event loop runs while a statement executes, with PGlite's own semantics kept. */
describe('PGliteThread', () => {
  let db: PGliteThread;

  beforeAll(async () => {
    db = await PGliteThread.open({ conf: [] });
    await db.exec('CREATE TABLE item (id int PRIMARY KEY, price numeric(12,2) NOT NULL)');
  });

  afterAll(async () => {
    await db.close();
  });

  it("leaves the caller's event loop free while a long statement runs", async () => {
    // In-process PGlite executes a statement synchronously: no turn of the loop until it returns (0 turns).
    let turns = 0;
    let running = true;
    const spin = (): void => {
      if (!running) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    const [row] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM generate_series(1, 2000000)')).rows;
    running = false;
    expect(row?.n).toBe(2_000_000);
    expect(turns).toBeGreaterThan(1);
  });

  it("answers a database error as PGlite's DatabaseError with its SQLSTATE and detail (the Prisma adapter maps them)", async () => {
    await db.query('INSERT INTO item VALUES (1, 10)');
    const error = await db.query('INSERT INTO item VALUES (1, 20)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({ code: '23505', detail: 'Key (id)=(1) already exists.' });
  });

  it('parses the columns a caller has parsers for with those parsers, here, and the others as PGlite does', async () => {
    await db.query('INSERT INTO item VALUES (2, 12.50)');
    const numericOid = 1700;
    const result = await db.query<unknown[]>('SELECT id, price FROM item WHERE id = 2', [], {
      rowMode: 'array',
      parsers: { [numericOid]: (text: string) => `exact:${text}` },
    });
    expect(result.rows).toEqual([[2, 'exact:12.50']]);
  });

  it('commits a transaction whose work returns, and rolls back one whose work throws or rolls back', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO item VALUES (10, 1)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO item VALUES (11, 1)');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO item VALUES (12, 1)');
      await tx.rollback();
    });
    const ids = (await db.query<{ id: number }>('SELECT id FROM item WHERE id >= 10 ORDER BY id')).rows.map((r) => r.id);
    expect(ids).toEqual([10]);
  });

  it("holds other statements until a transaction ends, as PGlite does (no read of another's uncommitted rows)", async () => {
    const order: string[] = [];
    let reading: Promise<number | undefined> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO item VALUES (20, 1)');
      reading = db.query<{ n: number }>('SELECT count(*)::int AS n FROM item WHERE id = 20').then((r) => {
        order.push('read');
        return r.rows[0]?.n;
      });
      // The thread handles messages in order: once this answers, the read above is waiting in PGlite's queue.
      await tx.query('SELECT 1');
      order.push('commit');
    });
    expect(await reading).toBe(1);
    expect(order).toEqual(['commit', 'read']);
  });

  it('delivers notifications to listeners', async () => {
    const payloads: string[] = [];
    let heard!: () => void;
    const arrived = new Promise<void>((resolve) => (heard = resolve));
    const unlisten = await db.listen('thread_test', (payload) => {
      payloads.push(payload);
      heard();
    });
    await db.query("SELECT pg_notify('thread_test', 'hello')");
    await arrived;
    await unlisten();
    expect(payloads).toEqual(['hello']);
  });

  it('round-trips a dump into a new thread', async () => {
    const tarball = await db.dumpDataDir();
    const copy = await PGliteThread.open({ snapshot: tarball, conf: [] });
    try {
      const ids = (await copy.query<{ id: number }>('SELECT id FROM item ORDER BY id')).rows.map((r) => r.id);
      expect(ids).toEqual([1, 2, 10, 20]);
    } finally {
      await copy.close();
    }
  });
});
