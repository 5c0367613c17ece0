import { defaultCatalogData } from './content/index.js';
import { loadCatalog } from './load.js';
import type { Catalog } from './types.js';

let cached: Catalog | undefined;

/** The built-in catalog, validated once on first use. */
export function defaultCatalog(): Catalog {
  cached ??= loadCatalog(defaultCatalogData);
  return cached;
}
