import type { RangeTail } from './grammar.js';
import type { SetDocument } from './document.js';

type Mt4MetaField = 'F' | '1' | '2' | '3';

interface Mt4Meta {
  lineIndex: number;
  column: number;
  value: string;
}

/** One `Name=value` line with the MT4 `Name,F/1/2/3` lines that belong to it. */
export interface SetEntry {
  name: string;
  lineIndex: number;
  nameColumn: number;
  value: string;
  valueColumn: number;
  range: RangeTail | null;
  fieldCount: number;
  mt4: Partial<Record<Mt4MetaField, Mt4Meta>>;
}

interface OrphanMeta extends Mt4Meta {
  name: string;
  field: Mt4MetaField;
}

export interface CollectedEntries {
  entries: SetEntry[];
  /** `Name,F=` lines without a `Name=` line. */
  orphans: OrphanMeta[];
}

/** Gathers the input lines of a document; names are matched case-sensitively as MetaTrader does. */
export function collectEntries(doc: SetDocument): CollectedEntries {
  const entries: SetEntry[] = [];
  const byName = new Map<string, SetEntry>();
  const metas: OrphanMeta[] = [];
  doc.lines.forEach((line, lineIndex) => {
    const s = line.syntax;
    if (s.kind === 'param') {
      const entry: SetEntry = {
        name: s.name,
        lineIndex,
        nameColumn: s.nameColumn,
        value: s.value,
        valueColumn: s.valueColumn,
        range: s.range,
        fieldCount: s.fieldCount,
        mt4: {},
      };
      entries.push(entry);
      if (!byName.has(s.name)) byName.set(s.name, entry);
    } else if (s.kind === 'mt4_meta') {
      metas.push({ name: s.name, field: s.field, lineIndex, column: s.valueColumn, value: s.value });
    }
  });
  const orphans: OrphanMeta[] = [];
  for (const m of metas) {
    const entry = byName.get(m.name);
    if (entry) entry.mt4[m.field] = { lineIndex: m.lineIndex, column: m.column, value: m.value };
    else orphans.push(m);
  }
  return { entries, orphans };
}

/** Replaces only the value field of an entry's line, keeping the name, spacing and `||` range as they were. */
export function entryLineWithValue(lineText: string, entry: SetEntry, value: string): string {
  const start = entry.valueColumn - 1;
  const end = entry.range ? lineText.indexOf('||', start) : lineText.length;
  return lineText.slice(0, start) + value + lineText.slice(end);
}
