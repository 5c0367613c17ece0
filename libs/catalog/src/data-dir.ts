import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RELATIVE = join('libs', 'catalog', 'data');

/**
 * The directory holding the catalog's YAML and Markdown files: `CATALOG_DATA_DIR` when set, else the first
 * `libs/catalog/data` found walking up from this module (works from source and from a bundled
 * `apps/<app>/dist/main.mjs`), else from the working directory.
 */
export function catalogDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env['CATALOG_DATA_DIR'];
  if (fromEnv) return resolve(fromEnv);
  for (const start of [dirname(fileURLToPath(import.meta.url)), process.cwd()]) {
    for (let dir = start; ; dir = dirname(dir)) {
      const candidate = join(dir, RELATIVE);
      if (existsSync(candidate)) return candidate;
      if (dirname(dir) === dir) break;
    }
  }
  throw new Error(`Catalog data directory not found: set CATALOG_DATA_DIR or run inside the repository (looked for ${RELATIVE}).`);
}
