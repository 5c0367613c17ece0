import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from '@jest/globals';
import pg from 'pg';
import { openDatabase, type Database } from '../database.js';

/**
 * Runs a test block on every database target: a fresh, migrated in-memory PGlite always, and a fresh
 * PostgreSQL database (created and dropped around the block) when TEST_DATABASE_URL is set.
 * Each call gets its own database, so test files never see each other's rows.
 */
export function describeEachDatabase(name: string, body: (getDb: () => Database) => void): void {
  describe(`${name} [pglite]`, () => {
    let db: Database | undefined;
    beforeAll(async () => {
      db = await openDatabase({ memory: true });
    });
    afterAll(async () => {
      await db?.close();
    });
    body(() => required(db));
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  describe(`${name} [postgres]`, () => {
    let scratch: ScratchDatabase | undefined;
    let db: Database | undefined;
    beforeAll(async () => {
      scratch = await createScratchDatabase(serverUrl);
      db = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    });
    afterAll(async () => {
      await db?.close();
      await scratch?.drop();
    });
    body(() => required(db));
  });
}

function required(db: Database | undefined): Database {
  if (!db) throw new Error('The test database is not open yet: call getDb() inside a test or hook.');
  return db;
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database next to the one `serverUrl` names; `drop()` removes it. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `pf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
