import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from '@jest/globals';
import pg from 'pg';
import { openDatabase, type Database } from '../database.js';
import { migrations } from '../generated/migrations.js';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';

export { createScratchDatabase, type ScratchDatabase };

/**
 * What every test database of a suite starts with beyond the schema (e.g. the imported catalog). `key`
 * names the content: change it when `run` would write something else (a content hash is best).
 */
export interface TestSeed {
  key: string;
  run(db: Database): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Default: the seed given to `useTestSeed` (none unless a setup file chose one). */
  seed?: TestSeed | undefined;
}

let defaultSeed: TestSeed | undefined;

/**
 * Chooses the seed of every `describeEachDatabase` in this test file that names none. Called from a
 * project's Jest `setupFilesAfterEnv` (apps/rest-api, apps/mcp-server: the imported catalog), so new
 * test files there get it without a line of their own.
 */
export function useTestSeed(seed: TestSeed | undefined): void {
  defaultSeed = seed;
}

/**
 * Runs a test block on every database target: a fresh in-memory PGlite always, and a fresh PostgreSQL
 * database (created and dropped around the block) when TEST_DATABASE_URL is set. Each call gets its own
 * database, so test files never see each other's rows. Both start from a template (migrated, then
 * seeded) built once per machine and content, so a test file pays neither initdb nor migrations.
 */
export function describeEachDatabase(
  name: string,
  body: (getDb: () => Database, target: 'pglite' | 'postgres') => void,
  options: TestDatabaseOptions = {},
): void {
  const seed = options.seed ?? defaultSeed;
  // jest-circus runs afterAll hooks in the order they were declared, so the database is closed by a hook declared
  // after the body's: a suite's own afterAll (an app's close, which stops workers still querying) runs while it is
  // open. Declared before, it ran first, and a delivery round left waiting on the ended pool hung the suite (Node 24).
  describe(`${name} [pglite]`, () => {
    let db: Database | undefined;
    beforeAll(async () => {
      db = await openTestPglite(seed);
    });
    body(() => required(db), 'pglite');
    afterAll(async () => {
      await db?.close();
    });
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  describe(`${name} [postgres]`, () => {
    let scratch: ScratchDatabase | undefined;
    let db: Database | undefined;
    beforeAll(async () => {
      scratch = await createScratchDatabase(serverUrl, { template: await postgresTemplate(serverUrl, seed) });
      db = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    });
    body(() => required(db), 'postgres');
    afterAll(async () => {
      await db?.close();
      await scratch?.drop();
    });
  });
}

function required(db: Database | undefined): Database {
  if (!db) throw new Error('The test database is not open yet: call getDb() inside a test or hook.');
  return db;
}

/** Names a template by everything that shapes its content: the migrations, the engine and the seed. */
function templateKey(seed: TestSeed | undefined): string {
  // The package's exports hide its package.json: read it beside the resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.indexOf('@electric-sql/pglite') + '@electric-sql/pglite'.length);
  const pgliteVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const hash = createHash('sha256');
  for (const migration of migrations) hash.update(`${migration.name}:${migration.checksum}\n`);
  hash.update(`pglite ${pgliteVersion}\nseed ${seed?.key ?? 'none'}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh in-memory PGlite restored from the template tarball in the temp folder (built on first use;
 * a concurrent builder at worst builds it twice, and the rename keeps every reader on a whole file).
 */
export async function openTestPglite(seed?: TestSeed): Promise<Database> {
  const dir = join(tmpdir(), 'propfolio-test-db');
  const file = join(dir, `pglite-${templateKey(seed)}.tar`);
  let snapshot: Blob | undefined;
  try {
    snapshot = new Blob([readFileSync(file)]);
  } catch {
    const template = await openDatabase({ memory: true });
    try {
      await seed?.run(template);
      snapshot = await template.dump();
    } finally {
      await template.close();
    }
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
    renameSync(partial, file);
  }
  // migrate stays on: a no-op against an up-to-date template, and a safety net against a stale one.
  return openDatabase({ memory: true, snapshot });
}

/**
 * The name of a migrated (and seeded) template database on the server, created on first use under an
 * advisory lock so that parallel test processes build it once.
 */
async function postgresTemplate(serverUrl: string, seed: TestSeed | undefined): Promise<string> {
  const name = `pf_template_${templateKey(seed)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = await createScratchDatabase(serverUrl);
      try {
        const db = await openDatabase({ databaseUrl: building.url, poolSize: 1 });
        try {
          await seed?.run(db);
        } finally {
          await db.close();
        }
        await admin.query(`ALTER DATABASE ${new URL(building.url).pathname.slice(1)} RENAME TO ${name}`);
      } catch (error) {
        await building.drop();
        throw error;
      }
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

/** Arbitrary constant: the advisory lock that serialises template builds on one server. */
const TEMPLATE_LOCK_KEY = 7_311_420_027;
