import { editDistance } from '@propfolio/ea-settings';
import { normalizeText } from '../text/normalize.js';

export interface FirmName {
  slug: string;
  name: string;
  aliases: string[];
}

/** A firm name folded for comparison: normalised (case, width, kana) with spaces and punctuation removed. */
export function firmKey(input: string): string {
  return normalizeText(input).replace(/[^\p{L}\p{N}]/gu, '');
}

const keysOf = (firm: FirmName): string[] => [firm.slug, firm.name, ...firm.aliases].map(firmKey).filter((k) => k.length > 0);

/** The firm whose slug, name or alias equals `input` once folded ("ＦＴＭＯ", "the 5ers"), or null. */
export function matchFirm(input: string, firms: readonly FirmName[]): FirmName | null {
  const key = firmKey(input);
  if (key.length === 0) return null;
  return firms.find((firm) => keysOf(firm).includes(key)) ?? null;
}

/** Distance of a folded query to a folded name: 0 when one contains the other, else the edit distance. */
function distance(query: string, key: string): number {
  if (query.length >= 2 && (key.includes(query) || query.includes(key))) return 0;
  return editDistance(query, key);
}

/** Display names of the `max` firms closest to `input`, nearest first (ties by name). */
export function suggestFirms(input: string, firms: readonly FirmName[], max = 3): string[] {
  const query = firmKey(input);
  return firms
    .map((firm) => ({ name: firm.name, score: Math.min(...keysOf(firm).map((key) => distance(query, key))) }))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((s) => s.name);
}
