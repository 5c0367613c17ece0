import { editDistance } from '../text/distance.js';
import { foldCompact, foldRef } from '../text/fold.js';
import type { Catalog, CatalogParam } from './types.js';

const NUMBER_REF = /^(\d{1,3})\s*-\s*(\d{1,3})$/;

/** Current input for a name as written in a file: exact, then case-insensitive, then an old (renamed) name. */
export function paramForName(catalog: Catalog, name: string): { param: CatalogParam; renamedFrom: string | null } | undefined {
  const exact = catalog.byName.get(name) ?? catalog.byLowerName.get(name.toLowerCase());
  if (exact) return { param: exact, renamedFrom: null };
  const to = catalog.renamed.get(name.toLowerCase());
  const param = to === undefined ? undefined : catalog.byName.get(to);
  return param ? { param, renamedFrom: name } : undefined;
}

/** Resolves "37-5" (full-width digits and any dash too), an MQL name (current or old) or a label in either language. */
export function resolveRef(catalog: Catalog, ref: string): CatalogParam | undefined {
  const folded = foldRef(ref);
  const m = NUMBER_REF.exec(folded);
  if (m) return catalog.byNumber.get(`${Number(m[1])}-${Number(m[2])}`);
  const byName = paramForName(catalog, folded);
  if (byName) return byName.param;
  const label = foldCompact(ref);
  return catalog.params.find((p) => foldCompact(p.label.ja) === label || foldCompact(p.label.en) === label);
}

/** Closest input names for a did-you-mean, best first. */
export function suggestNames(catalog: Catalog, name: string, max = 3): string[] {
  const lower = name.toLowerCase();
  const limit = Math.max(2, Math.floor(lower.length / 3));
  return catalog.params
    .map((p) => {
      const candidate = p.name.toLowerCase();
      const contains = candidate.includes(lower) || lower.includes(candidate);
      const distance = contains && lower.length >= 4 ? 1 : editDistance(lower, candidate, limit);
      return { name: p.name, distance };
    })
    .filter((c) => c.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((c) => c.name);
}
