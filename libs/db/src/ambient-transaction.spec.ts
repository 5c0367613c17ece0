import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { openDatabase } from './database.js';
import { createScratchDatabase, describeEachDatabase } from './testing/index.js';

describeEachDatabase('units of work', (getDb) => {
  const names = async (prefix: string) =>
    (await getDb().prisma.user.findMany({ where: { name: { startsWith: prefix } }, orderBy: { name: 'asc' } })).map((u) => u.name);

  it('commits every query made through db.prisma inside a unit, including a service’s own $transaction', async () => {
    const db = getDb();
    await db.unit(async () => {
      await db.prisma.user.create({ data: { name: 'commit-a' } });
      await db.prisma.$transaction(async (tx) => tx.user.create({ data: { name: 'commit-b' } }));
      await db.prisma.$transaction([db.prisma.user.create({ data: { name: 'commit-c' } })]);
    });
    expect(await names('commit-')).toEqual(['commit-a', 'commit-b', 'commit-c']);
  });

  it('rolls back the whole unit when it fails, nested transactions included', async () => {
    const db = getDb();
    await expect(
      db.unit(async () => {
        await db.prisma.user.create({ data: { name: 'rollback-a' } });
        await db.prisma.$transaction(async (tx) => tx.user.create({ data: { name: 'rollback-b' } }));
        throw new Error('the operation failed after its writes');
      }),
    ).rejects.toThrow('the operation failed after its writes');
    expect(await names('rollback-')).toEqual([]);
  });

  it('undoes only a nested transaction that failed, and the unit goes on', async () => {
    const db = getDb();
    await db.unit(async () => {
      await db.prisma.user.create({ data: { name: 'savepoint-kept' } });
      await expect(
        db.prisma.$transaction(async (tx) => {
          await tx.user.create({ data: { name: 'savepoint-undone' } });
          // A database error inside: PostgreSQL would abort the whole transaction without the savepoint.
          await tx.$executeRawUnsafe('SELECT 1/0');
        }),
      ).rejects.toThrow();
      await db.prisma.user.create({ data: { name: 'savepoint-after' } });
    });
    expect(await names('savepoint-')).toEqual(['savepoint-after', 'savepoint-kept']);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
(serverUrl ? describe : describe.skip)('a unit whose backend is terminated [postgres]', () => {
  it('runs again from the start on a fresh connection, and commits once', async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      let attempts = 0;
      await db.unit(async () => {
        attempts += 1;
        await db.prisma.user.create({ data: { name: 'retried-unit' } });
        if (attempts === 1) {
          const [backend] = await db.prisma.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
          await admin.query('SELECT pg_terminate_backend($1)', [backend?.pid]);
        }
        await db.prisma.$transaction(async (tx) => tx.user.create({ data: { name: 'retried-unit-nested' } }));
      });
      expect(attempts).toBe(2);
      expect(await db.prisma.user.count({ where: { name: { startsWith: 'retried-unit' } } })).toBe(2);
    } finally {
      await admin.end();
      await db.close();
      await scratch.drop();
    }
  });
});
