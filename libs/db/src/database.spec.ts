import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { openDatabase } from './database.js';
import { DataDirectoryLockedError } from './directory-lock.js';
import { migrations } from './generated/migrations.js';
import { createScratchDatabase, describeEachDatabase } from './testing/index.js';

describeEachDatabase('database', (getDb) => {
  it('answers the readiness ping', async () => {
    await expect(getDb().ping()).resolves.toBeUndefined();
  });

  it('records every migration so that migrating again applies nothing', async () => {
    const report = await getDb().migrate();
    expect(report.applied).toEqual([]);
    expect(report.alreadyApplied).toBe(migrations.length);
  });

  it('stores money as exact decimals', async () => {
    const { prisma } = getDb();
    const user = await prisma.user.create({ data: { name: `decimal-${Date.now()}` } });
    const make = (price: string) =>
      prisma.challenge.create({
        data: { userId: user.id, firm: 'FTMO', plan: '10k', price, currency: 'USD', phase: 'Phase 1', purchasedAt: new Date('2026-01-01') },
      });
    await make('0.1');
    await make('0.2');
    const sum = await prisma.challenge.aggregate({ where: { userId: user.id }, _sum: { price: true } });
    expect(sum._sum.price?.toString()).toBe('0.3');
  });

  it('answers a transaction that outlived its timeout as 503 service_unavailable, not an internal error', async () => {
    const { prisma } = getDb();
    // The work outlasts the 1 ms timeout by waiting for a later macrotask: the next statement finds it expired.
    const late = prisma.$transaction(
      async (tx) => {
        await tx.user.count();
        await new Promise((resolve) => setTimeout(resolve, 20));
        return tx.user.count();
      },
      { timeout: 1 },
    );
    await expect(late).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
  });
});

describe('embedded database on disk', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-db-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('keeps data across a restart and applies no migration the second time', async () => {
    const dataDir = freshDir();
    const first = await openDatabase({ dataDir });
    expect(first.migrations.applied).toHaveLength(migrations.length);
    await first.prisma.user.create({ data: { name: 'kept' } });
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      expect(second.migrations.applied).toEqual([]);
      expect(await second.prisma.user.count({ where: { name: 'kept' } })).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('refuses a data directory held by another live process', async () => {
    const dataDir = freshDir();
    const { writeFileSync } = await import('node:fs');
    // pid 1 is always alive and never ours: it stands for "another process".
    writeFileSync(join(dataDir, 'propfolio.lock'), '1');
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirectoryLockedError);
  });

  it('takes over the lock left by a process that died', async () => {
    const dataDir = freshDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dataDir, 'propfolio.lock'), '999999');
    const db = await openDatabase({ dataDir });
    await db.close();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
(serverUrl ? describe : describe.skip)('PostgreSQL server', () => {
  it('lets two processes migrate one empty database at once, applying each migration once', async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    try {
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: scratch.url, poolSize: 2 }),
        openDatabase({ databaseUrl: scratch.url, poolSize: 2 }),
      ]);
      const appliedTotal = a.migrations.applied.length + b.migrations.applied.length;
      expect(appliedTotal).toBe(migrations.length);
      const rows = await a.prisma.$queryRawUnsafe<{ n: bigint }[]>('SELECT count(*) AS n FROM "_prisma_migrations"');
      expect(Number(rows[0]?.n)).toBe(migrations.length);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await scratch.drop();
    }
  });

  it('refuses a transaction that finds every connection busy as 503 service_unavailable, not an internal error', async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = (): void => undefined;
    const holding = new Promise<void>((resolve) => (started = resolve));
    try {
      const holder = db.prisma.$transaction(async (tx) => {
        await tx.user.count();
        started();
        await held;
      });
      await holding;
      await expect(db.prisma.$transaction(async (tx) => tx.user.count(), { maxWait: 50 })).rejects.toMatchObject({
        code: 'service_unavailable',
        status: 503,
      });
      release();
      await holder;
      // The default wait outlasts a short hold: the same call then succeeds.
      await expect(db.prisma.$transaction(async (tx) => tx.user.count())).resolves.toBe(0);
    } finally {
      release();
      await db.close();
      await scratch.drop();
    }
  });
});
