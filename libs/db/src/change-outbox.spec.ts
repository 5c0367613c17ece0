import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { CHANGES_CHANNEL } from './change-feed.js';
import { changeAnnouncer } from './change-outbox.js';
import { openDatabase, type Database } from './database.js';
import { createScratchDatabase, type ScratchDatabase } from './testing/index.js';

/** Drains that the test finishes by hand; `started` counts them. */
function manualDrains() {
  const pending: (() => void)[] = [];
  let started = 0;
  const run = () => {
    started++;
    return new Promise<void>((resolve) => pending.push(resolve));
  };
  const finishNext = () => pending.shift()?.();
  return { run, finishNext, started: () => started };
}

describe('changeAnnouncer', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });
  const GATHER = 5;

  it('gathers the announcements of a few milliseconds into one drain', async () => {
    const drains = manualDrains();
    const announcer = changeAnnouncer(drains.run, GATHER);
    for (let i = 0; i < 5; i++) announcer.announce();
    await jest.advanceTimersByTimeAsync(GATHER - 1);
    expect(drains.started()).toBe(0);
    announcer.announce();
    await jest.advanceTimersByTimeAsync(1);
    expect(drains.started()).toBe(1);
    drains.finishNext();
    await jest.advanceTimersByTimeAsync(GATHER * 10);
    expect(drains.started()).toBe(1);
  });

  it('owes one more drain to what was announced while a drain ran, and no more', async () => {
    const drains = manualDrains();
    const announcer = changeAnnouncer(drains.run, GATHER);
    announcer.announce();
    await jest.advanceTimersByTimeAsync(GATHER);
    expect(drains.started()).toBe(1);
    for (let i = 0; i < 5; i++) announcer.announce();
    await jest.advanceTimersByTimeAsync(GATHER * 10);
    expect(drains.started()).toBe(1);
    drains.finishNext();
    await jest.advanceTimersByTimeAsync(GATHER);
    expect(drains.started()).toBe(2);
    drains.finishNext();
    await jest.advanceTimersByTimeAsync(GATHER * 10);
    expect(drains.started()).toBe(2);
  });

  it('flush drains at once, after the drain in flight, and resolves when its own drain has finished', async () => {
    const drains = manualDrains();
    const announcer = changeAnnouncer(drains.run, GATHER);
    announcer.announce();
    await jest.advanceTimersByTimeAsync(GATHER);
    let flushed = false;
    const flush = announcer.flush().then(() => (flushed = true));
    drains.finishNext();
    await jest.advanceTimersByTimeAsync(0);
    expect(drains.started()).toBe(2);
    expect(flushed).toBe(false);
    drains.finishNext();
    await flush;
    expect(flushed).toBe(true);
  });

  it('a failed drain leaves the next one to run', async () => {
    let calls = 0;
    const announcer = changeAnnouncer(async () => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
    }, GATHER);
    await announcer.flush();
    await announcer.flush();
    expect(calls).toBe(2);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  describe('the change outbox on a PostgreSQL server', () => {
    let scratch: ScratchDatabase;
    let listener: pg.Client;
    const waiters = new Map<string, () => void>();
    const announced: string[] = [];
    /** Resolves when `scope` is announced on the channel from now on. */
    const announcement = (scope: string) => new Promise<void>((resolve) => waiters.set(scope, resolve));

    beforeAll(async () => {
      scratch = await createScratchDatabase(serverUrl);
      await (await openDatabase({ databaseUrl: scratch.url, poolSize: 1 })).close();
      // A bare listener: no Database in this test drains the outbox unless the test makes it.
      listener = new pg.Client({ connectionString: scratch.url });
      await listener.connect();
      listener.on('notification', ({ payload }) => {
        if (!payload) return;
        announced.push(payload);
        waiters.get(payload)?.();
      });
      await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
    });
    afterAll(async () => {
      await listener.end();
      await scratch.drop();
    });

    const pendingChanges = async (db: Database) =>
      (await db.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "ChangeOutbox"`)[0]?.n;
    const userChange = async (db: Database, name: string) => {
      const user = await db.prisma.user.create({ data: { name: `${name}-${randomUUID()}` } });
      await db.prisma.user.update({ where: { id: user.id }, data: { displayName: name } });
      return user.id;
    };

    it("an app's write waits in the outbox, and announceChanges announces each owner once", async () => {
      const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 2, migrate: false });
      try {
        const id = await userChange(db, 'app');
        await db.prisma.user.update({ where: { id }, data: { language: 'en' } });
        expect(await pendingChanges(db)).toBe(2);
        const arrived = announcement(id);
        db.announceChanges();
        await arrived;
        expect(await pendingChanges(db)).toBe(0);
        expect(announced.filter((scope) => scope === id)).toHaveLength(1);
      } finally {
        await db.close();
      }
    });

    it('closing a process announces what it left (the operator CLIs)', async () => {
      const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 2, migrate: false });
      const id = await userChange(db, 'cli');
      const arrived = announcement(id);
      await db.close();
      await arrived;
    });

    it('a watching process drains what another left behind (an instance that died before announcing)', async () => {
      const dead = await openDatabase({ databaseUrl: scratch.url, poolSize: 1, migrate: false });
      const id = await userChange(dead, 'dead');
      const watching = await openDatabase({ databaseUrl: scratch.url, poolSize: 1, migrate: false });
      let drained!: () => void;
      const seen = new Promise<void>((resolve) => (drained = resolve));
      const stop = await watching.watchChanges({
        change: (scope) => {
          if (scope === id) drained();
        },
        live: () => undefined,
      });
      try {
        await seen;
      } finally {
        await stop();
        await watching.close();
        await dead.close();
      }
    });

    it('a writer without the option (psql, a script) still notifies in its own transaction', async () => {
      const plain = new pg.Client({ connectionString: scratch.url });
      await plain.connect();
      try {
        const { rows } = await plain.query<{ id: string }>(
          `INSERT INTO "User" ("id", "name") VALUES (gen_random_uuid()::text, 'plain-' || gen_random_uuid()) RETURNING "id"`,
        );
        const id = rows[0]?.id as string;
        const arrived = announcement(id);
        await plain.query(`UPDATE "User" SET "displayName" = 'Plain' WHERE "id" = $1`, [id]);
        await arrived;
        const { rows: left } = await plain.query<{ n: number }>(`SELECT count(*)::int AS n FROM "ChangeOutbox"`);
        expect(left[0]?.n).toBe(0);
      } finally {
        await plain.end();
      }
    });
  });
}
