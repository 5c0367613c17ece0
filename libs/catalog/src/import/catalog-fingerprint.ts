import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { NORMALIZER_VERSION } from '../text/normalize.js';

/**
 * Bump when the import writes different rows from the same files (a new derived column, another
 * mapping), so that every database re-imports once even though no data file changed.
 */
const IMPORT_FORMAT_VERSION = 1;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * SHA-256 over every file of the catalog data directory (relative path and bytes) and the versions of
 * the code that turns them into rows. Equal fingerprint, equal rows: the import can be skipped without
 * parsing a single file, which is what keeps a start on an existing database fast.
 */
export function catalogFingerprint(dataDir: string): string {
  const hash = createHash('sha256').update(`format ${IMPORT_FORMAT_VERSION}\0normalizer ${NORMALIZER_VERSION}\0`);
  for (const file of filesUnder(dataDir)) {
    hash.update(relative(dataDir, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}
