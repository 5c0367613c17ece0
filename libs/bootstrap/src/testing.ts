import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogDataDir } from '@propfolio/catalog';
import { createLogger } from '@propfolio/core';
import type { TestSeed } from '@propfolio/db/testing';
import { prepareDatabase } from './prepare-database.js';

/** Every file under `dir`, by relative path and content, into one hash. */
function hashTree(dir: string): string {
  const hash = createHash('sha256');
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    hash.update(`${path.slice(dir.length)}\n`).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The state an app start brings a database to (the catalog imported), as a test-database template:
 * suites that start the REST or MCP app pass it to `describeEachDatabase` so that each test file restores
 * the imported catalog instead of importing it again. The key follows the catalog files and the day
 * (the import stamps price history with the day it ran).
 */
export const appDatabaseSeed: TestSeed = {
  key: `catalog ${hashTree(catalogDataDir())} ${new Date().toISOString().slice(0, 10)}`,
  run: (db) => prepareDatabase(db, createLogger('silent')),
};
