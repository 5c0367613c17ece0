import { paramForName } from '../catalog/resolve.js';
import type { Catalog, CatalogParam } from '../catalog/types.js';
import { formatSetValue, parseSetValue, type Platform } from '../catalog/values.js';
import { emptySetDocument, insertLine, type SetDocument } from './document.js';
import { collectEntries, type SetEntry } from './entries.js';
import type { RangeTail } from './grammar.js';
import { outputEncoding, paramLines } from './writer.js';

function convertField(param: CatalogParam, text: string, from: Platform, to: Platform): string {
  const parsed = parseSetValue(param, text, from);
  return parsed.ok ? formatSetValue(param, parsed.value, to) : text;
}

function sourceRange(entry: SetEntry, from: Platform): RangeTail | null {
  if (from === 'mt5') return entry.range;
  const { F, 1: start, 2: step, 3: stop } = entry.mt4;
  if (!F && !start && !step && !stop) return null;
  return { start: start?.value ?? '0', step: step?.value ?? '0', stop: stop?.value ?? '0', flag: F?.value.trim() === '1' ? 'Y' : 'N' };
}

function convertRange(param: CatalogParam, range: RangeTail | null, from: Platform, to: Platform): RangeTail | null {
  if (!range) return null;
  const numeric = param.type === 'int' || param.type === 'double';
  const field = (t: string): string => (numeric ? t : convertField(param, t, from, to));
  return { start: field(range.start), step: range.step, stop: field(range.stop), flag: range.flag };
}

function entryLines(catalog: Catalog, entry: SetEntry, from: Platform, to: Platform): string[] {
  const found = paramForName(catalog, entry.name);
  if (!found) return [`${entry.name}=${entry.value}`];
  const { param } = found;
  const parsed = parseSetValue(param, entry.value, from);
  if (!parsed.ok) return [`${param.name}=${entry.value}`];
  return paramLines(param, parsed.value, to, convertRange(param, sourceRange(entry, from), from, to));
}

/**
 * Rewrites a `.set` for the other platform: bools 0/1 ↔ true/false, timeframe minutes ↔ MT5 codes,
 * applied prices shifted, optimisation ranges moved between `||` fields and `,F/,1/,2/,3` lines.
 * Old input names become current ones; unknown inputs are kept as they are.
 */
export function convertDocument(catalog: Catalog, doc: SetDocument, from: Platform, to: Platform): SetDocument {
  const { entries } = collectEntries(doc);
  const byLine = new Map(entries.map((e) => [e.lineIndex, e]));
  const texts: string[] = [];
  doc.lines.forEach((line, i) => {
    const entry = byLine.get(i);
    if (entry) texts.push(...entryLines(catalog, entry, from, to));
    else if (line.syntax.kind === 'comment' || line.syntax.kind === 'invalid') {
      if (to === 'mt5') texts.push(line.text);
    }
  });
  const out = emptySetDocument(outputEncoding(to, texts.join('\n')));
  for (const t of texts) insertLine(out, out.lines.length, t);
  out.syntaxFormat = to;
  return out;
}
