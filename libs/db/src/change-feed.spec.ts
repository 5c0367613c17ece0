import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase, type Database } from './database.js';
import { LISTENER_NAME, type ChangeWatcher, type StopWatching } from './change-feed.js';
import { createScratchDatabase, describeEachDatabase, type ScratchDatabase } from './testing/index.js';

/** A watcher whose events the test can wait for, in order. */
function recorder() {
  const events: string[] = [];
  const waiters: { match: string; resolve: () => void }[] = [];
  const record = (event: string) => {
    events.push(event);
    for (const waiter of waiters.filter((w) => w.match === event)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const watcher: ChangeWatcher = { change: (scope) => record(`change ${scope}`), live: (isLive) => record(isLive ? 'live' : 'down') };
  /** Resolves at the next `event` recorded from now on. */
  const next = (event: string) => new Promise<void>((resolve) => waiters.push({ match: event, resolve }));
  return { watcher, events, next };
}

describeEachDatabase('change notifications', (getDb) => {
  it("announce each committed write under its owner's id, and catalog writes as '*'", async () => {
    const db = getDb();
    const { watcher, next, events } = recorder();
    const live = next('live');
    const stop = await db.watchChanges(watcher);
    try {
      await live;
      const user = await db.prisma.user.create({ data: { name: `feed-${Math.random()}` } });
      const owner = next(`change ${user.id}`);
      await db.prisma.challenge.create({
        data: {
          userId: user.id,
          firm: 'FTMO',
          plan: '2-Step',
          price: '540',
          currency: 'USD',
          purchasedAt: new Date('2026-01-02'),
          phase: 'Phase 1',
        },
      });
      await owner;
      const catalog = next('change *');
      // A statement trigger: it fires even when no row matches.
      await db.prisma.$executeRaw`UPDATE "Firm" SET "name" = "name" WHERE false`;
      await catalog;
      // A rolled-back write announces nothing: only the create and the later update are announced.
      const later = next(`change ${user.id}`);
      await db.prisma
        .$transaction(async (tx) => {
          await tx.memo.create({ data: { userId: user.id, challengeId: (await tx.challenge.findFirstOrThrow()).id, content: 'x' } });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await db.prisma.user.update({ where: { id: user.id }, data: { displayName: 'Feed' } });
      await later;
      expect(events.filter((event) => event === `change ${user.id}`)).toHaveLength(2);
    } finally {
      await stop();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  describe('change notifications on a PostgreSQL server', () => {
    let scratch: ScratchDatabase;
    let db: Database;
    let stop: StopWatching | undefined;
    beforeAll(async () => {
      scratch = await createScratchDatabase(serverUrl);
      db = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    });
    afterAll(async () => {
      await stop?.();
      await db.close();
      await scratch.drop();
    });

    it('go down when the listener connection dies, and come back live on a new one', async () => {
      const { watcher, next, events } = recorder();
      const live = next('live');
      stop = await db.watchChanges(watcher);
      await live;
      const down = next('down');
      const again = next('live');
      await db.prisma
        .$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`;
      await down;
      await again;
      expect(events).toEqual(['live', 'down', 'live']);
    });
  });
}
