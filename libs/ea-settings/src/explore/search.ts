import { defaultCatalog } from '../catalog/default.js';
import { resolveRef } from '../catalog/resolve.js';
import type { Catalog, CatalogParam } from '../catalog/types.js';
import { EaSettingsError } from '../errors.js';
import { foldText } from '../text/fold.js';
import { paramSummary, type ParamSummary } from './param-view.js';

export interface SearchParamsInput {
  /** Keywords in Japanese or English (AND); full-width, half-width katakana and case are folded. */
  q?: string;
  group?: number;
  limit?: number;
  offset?: number;
}

export interface SearchParamsResult {
  total: number;
  items: Array<ParamSummary & { score: number }>;
}

interface Indexed {
  param: CatalogParam;
  /** Searchable texts with their weight, already folded. */
  fields: Array<[text: string, weight: number]>;
}

const indexes = new WeakMap<Catalog, Indexed[]>();

const words = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2');

function indexOf(catalog: Catalog): Indexed[] {
  let index = indexes.get(catalog);
  if (!index) {
    index = catalog.params.map((p) => {
      const group = catalog.groups.find((g) => g.number === p.group);
      return {
        param: p,
        fields: [
          [foldText(`${p.name} ${words(p.name)} ${p.oldNames.join(' ')}`), 5],
          [foldText(`${p.label.ja} ${p.label.en}`), 4],
          [foldText(`${group?.label.ja ?? ''} ${group?.label.en ?? ''}`), 2],
          [
            foldText(`${p.description.ja} ${p.description.en} ${p.enumValues?.map((e) => `${e.label.ja} ${e.label.en}`).join(' ') ?? ''}`),
            1,
          ],
        ],
      };
    });
    indexes.set(catalog, index);
  }
  return index;
}

function score(entry: Indexed, terms: readonly string[]): number {
  let total = 0;
  for (const term of terms) {
    let best = 0;
    for (const [text, weight] of entry.fields) if (weight > best && text.includes(term)) best = weight;
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

function checkInt(value: unknown, field: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new EaSettingsError('invalid_argument', `${field} must be an integer from ${min} to ${max}`, field);
  }
  return value;
}

/** `ea_search_params`: inputs matching every keyword (partial match), or all inputs of a group. */
export function searchParams(input: SearchParamsInput, catalog: Catalog = defaultCatalog()): SearchParamsResult {
  const group = checkInt(input.group, 'group', 1, 9999);
  const limit = checkInt(input.limit, 'limit', 1, 500) ?? 20;
  const offset = checkInt(input.offset, 'offset', 0, 100000) ?? 0;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- published API: JS callers are not type-checked, so the input is checked at run time
  const q = input.q === undefined ? '' : String(input.q);
  const terms = foldText(q)
    .split(/[\s,、，]+/)
    .filter((t) => t.length > 0);
  const exact = q.trim() ? resolveRef(catalog, q) : undefined;
  const hits: Array<{ param: CatalogParam; score: number }> = [];
  for (const entry of indexOf(catalog)) {
    if (group !== undefined && entry.param.group !== group) continue;
    const s = entry.param === exact ? 100 : terms.length ? score(entry, terms) : 1;
    if (s > 0) hits.push({ param: entry.param, score: s });
  }
  hits.sort((a, b) => b.score - a.score || a.param.group - b.param.group || a.param.index - b.param.index);
  return {
    total: hits.length,
    items: hits.slice(offset, offset + limit).map((h) => ({ ...paramSummary(catalog, h.param), score: h.score })),
  };
}
