import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { openDatabase } from './database.js';
import { createScratchDatabase } from './testing/index.js';
import { isTransientConnectionError, retryTransient } from './transient.js';

describe('transient connection errors', () => {
  it('recognises terminated backends and broken sockets, and nothing else', () => {
    expect(
      isTransientConnectionError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    ).toBe(true);
    expect(isTransientConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientConnectionError({ message: 'wrapped', cause: { kind: 'postgres', originalCode: '08006' } })).toBe(true);
    expect(isTransientConnectionError(Object.assign(new Error('duplicate key'), { code: 'P2002' }))).toBe(false);
    expect(isTransientConnectionError(Object.assign(new Error('invalid input syntax'), { code: '22007' }))).toBe(false);
  });

  it('retries only transient failures, a bounded number of times', async () => {
    let calls = 0;
    await expect(
      retryTransient(async () => (++calls < 3 ? Promise.reject(new Error('Connection terminated unexpectedly')) : 'ok')),
    ).resolves.toBe('ok');
    calls = 0;
    await expect(retryTransient(async () => (calls++, Promise.reject(new Error('no'))))).rejects.toThrow('no');
    expect(calls).toBe(1);
    calls = 0;
    await expect(retryTransient(async () => (calls++, Promise.reject(new Error('ECONNRESET'))))).rejects.toThrow('ECONNRESET');
    expect(calls).toBe(8);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
(serverUrl ? describe : describe.skip)('PostgreSQL backends killed between queries [postgres]', () => {
  it('answers every query and transaction on fresh connections instead of failing', async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const name = new URL(scratch.url).pathname.slice(1);
    try {
      let failures = 0;
      for (let round = 0; round < 10; round++) {
        // Warm the pool so every connection is idle and open, then kill them all.
        await Promise.all([db.prisma.user.count(), db.prisma.user.count(), db.prisma.user.count(), db.prisma.user.count()]);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        const results = await Promise.allSettled([
          db.prisma.user.count(),
          db.prisma.user.create({ data: { name: `killed-${round}` } }),
          db.prisma.$transaction(async (tx) => tx.user.count()),
          db.prisma.user.findMany({ take: 1 }),
        ]);
        failures += results.filter((r) => r.status === 'rejected').length;
      }
      expect(failures).toBe(0);
      expect(await db.prisma.user.count()).toBe(10);
    } finally {
      await admin.end();
      await db.close();
      await scratch.drop();
    }
  });
});
