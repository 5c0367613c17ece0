/*
 * The few parts of an XLSX workbook (ECMA-376 SpreadsheetML) a trade export needs, read from their XML text: the
 * workbook's sheets in order and its date system, the relationships that locate each sheet, the shared strings, the
 * cell formats (to tell a date from a number), and a sheet's rows. One linear scan of tags per part; no DOM, no
 * entity expansion beyond the five XML entities and character references, so a crafted part costs its length.
 */

/** One tag or text run of an XML part. */
interface Token {
  /** Element name without its namespace prefix (`x:row` → `row`); '' for text. */
  name: string;
  kind: 'open' | 'close' | 'empty' | 'text';
  /** Raw attribute text of a tag, or the raw text. */
  raw: string;
}

const TOKEN = /<(\/?)([A-Za-z_][\w.:-]*)([^>]*?)(\/?)>|<[?!][^>]*>|([^<]+)/g;

/** Calls `visit` with each tag and text run in order (a callback, not a generator: a sheet has millions). */
function scan(xml: string, visit: (t: Token) => void): void {
  const token: Token = { name: '', kind: 'text', raw: '' };
  const re = new RegExp(TOKEN.source, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml)) !== null) {
    const qname = m[2];
    const text = m[5];
    if (text !== undefined) {
      token.name = '';
      token.kind = 'text';
      token.raw = text;
    } else if (qname !== undefined) {
      const colon = qname.indexOf(':');
      token.name = colon < 0 ? qname : qname.slice(colon + 1);
      token.kind = m[1] === '/' ? 'close' : m[4] === '/' ? 'empty' : 'open';
      token.raw = m[3] ?? '';
    } else {
      continue;
    }
    visit(token);
  }
}

const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Every attribute of a tag by its local name, in one pass. */
function attributes(raw: string): Map<string, string> {
  const found = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ATTRIBUTE.exec(raw)) !== null) {
    const key = m[1] ?? '';
    found.set(key.slice(key.indexOf(':') + 1), m[2] ?? m[3] ?? '');
  }
  return found;
}

/** An attribute by its local name (`r:id` is found as `id`). */
function attribute(raw: string, name: string): string | null {
  ATTRIBUTE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ATTRIBUTE.exec(raw)) !== null) {
    const key = m[1] ?? '';
    if (key === name || key.endsWith(`:${name}`)) return unescapeXml(m[2] ?? m[3] ?? '');
  }
  return null;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's five entities and character references, then Excel's `_x000D_` escapes of characters XML cannot hold. */
export function unescapeXml(text: string): string {
  if (!text.includes('&') && !text.includes('_x')) return text;
  return text
    .replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (all, ref: string) => {
      if (!ref.startsWith('#')) return ENTITIES[ref] ?? all;
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : all;
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface WorkbookSheet {
  name: string;
  /** The relationship id that locates its part. */
  rel: string;
}

/** The sheets in the workbook's order, and whether its serial dates count from 1904 (old Mac Excel) or 1900. */
export function readWorkbook(xml: string): { sheets: WorkbookSheet[]; date1904: boolean } {
  const sheets: WorkbookSheet[] = [];
  let date1904 = false;
  scan(xml, (t) => {
    if (t.kind === 'text' || t.kind === 'close') return;
    if (t.name === 'sheet') {
      const rel = attribute(t.raw, 'id');
      if (rel !== null) sheets.push({ name: attribute(t.raw, 'name') ?? '', rel });
    } else if (t.name === 'workbookPr') {
      const flag = attribute(t.raw, 'date1904');
      date1904 = flag === '1' || flag === 'true';
    }
  });
  return { sheets, date1904 };
}

/** Relationship id → target path inside the package, resolved against the folder of the part that owns them. */
export function readRelationships(xml: string, baseFolder: string): Map<string, string> {
  const targets = new Map<string, string>();
  scan(xml, (t) => {
    if (t.name !== 'Relationship' || t.kind === 'close') return;
    const id = attribute(t.raw, 'Id');
    const target = attribute(t.raw, 'Target');
    if (id !== null && target !== null) targets.set(id, resolvePath(baseFolder, target));
  });
  return targets;
}

function resolvePath(base: string, target: string): string {
  const parts = target.startsWith('/') ? [] : base.split('/').filter((p) => p !== '');
  for (const p of target.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return parts.join('/');
}

/** Text of `<t>` runs inside the current string item, leaving out phonetic guides (`<rPh>`, furigana over Japanese). */
class StringRuns {
  private text = '';
  private inT = false;
  private inPhonetic = false;

  take(t: Token): void {
    if (t.name === 'rPh') this.inPhonetic = t.kind === 'open';
    else if (t.name === 't' && t.kind !== 'empty') this.inT = t.kind === 'open';
    else if (t.kind === 'text' && this.inT && !this.inPhonetic) this.text += t.raw;
  }

  done(): string {
    const text = unescapeXml(this.text);
    this.text = '';
    this.inT = false;
    this.inPhonetic = false;
    return text;
  }
}

/** The shared strings table, in order (cells of type `s` hold an index into it). */
export function readSharedStrings(xml: string, maxStrings: number): string[] {
  const strings: string[] = [];
  const runs = new StringRuns();
  scan(xml, (t) => {
    if (t.name === 'si') {
      if (t.kind === 'empty') strings.push('');
      else if (t.kind === 'close') strings.push(runs.done());
      if (strings.length > maxStrings) throw new RangeError(`more than ${maxStrings} strings`);
    } else {
      runs.take(t);
    }
  });
  return strings;
}

/** Per cell style index (`s`), whether numbers in it are dates: from its number format's id or format code. */
export function readDateStyles(xml: string): boolean[] {
  const customDate = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  scan(xml, (t) => {
    if (t.name === 'numFmt' && t.kind !== 'close') {
      const id = Number(attribute(t.raw, 'numFmtId'));
      customDate.set(id, isDateFormat(attribute(t.raw, 'formatCode') ?? ''));
    } else if (t.name === 'cellXfs') {
      inCellXfs = t.kind === 'open';
    } else if (t.name === 'xf' && inCellXfs && t.kind !== 'close') {
      const id = Number(attribute(t.raw, 'numFmtId') ?? '0');
      styles.push(customDate.get(id) ?? isBuiltInDate(id));
    }
  });
  return styles;
}

/** Excel's built-in date and time formats (ECMA-376 §18.8.30, and the CJK ids 27–36, 50–58). */
function isBuiltInDate(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);
}

/** A format code that shows a date or time: d, m, y, h or s outside quoted text, escapes and `[...]` (colours, locales). */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?:h+|m+|s+)\]/gi, 'h')
    .replace(/\[[^\]]*\]/g, '');
  const firstSection = bare.split(';')[0] ?? '';
  return /[dmyhs]/i.test(firstSection) && !/^general$/i.test(firstSection.trim());
}

/** One cell as stored: its column (0-based), type attribute, style index, and the value or inline text. */
export interface RawCell {
  column: number;
  type: string;
  style: number;
  value: string;
}

export interface RawRow {
  /** 1-based row number in the sheet. */
  row: number;
  cells: RawCell[];
}

/** `AB12` → 27 (0-based column); null for a reference that is not one. */
export function columnOfRef(ref: string): number | null {
  const m = /^([A-Z]{1,3})\d*$/i.exec(ref);
  if (m === null) return null;
  let n = 0;
  for (const ch of (m[1] ?? '').toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * A worksheet's rows with their cells, in sheet order; `limits` bound what a crafted sheet can ask for. Throws
 * RangeError when a bound is passed and Error when the part does not end (`</sheetData>` missing: a cut file).
 */
export function readSheetRows(xml: string, limits: { rows: number; columns: number }): RawRow[] {
  const rows: RawRow[] = [];
  let row: RawRow | null = null;
  let cell: RawCell | null = null;
  let inValue = false;
  let inInline = false;
  // Set inside the scan's callback, which TypeScript does not follow.
  let ended = false as boolean;
  const runs = new StringRuns();
  scan(xml, (t) => {
    switch (t.name) {
      case 'sheetData':
        if (t.kind === 'close' || t.kind === 'empty') ended = true;
        break;
      case 'row':
        if (t.kind === 'close') {
          row = null;
          break;
        }
        row = { row: Number(attribute(t.raw, 'r') ?? (rows.at(-1)?.row ?? 0) + 1), cells: [] };
        if (!Number.isInteger(row.row) || row.row < 1) throw new Error(`a row numbered ${String(row.row)}`);
        rows.push(row);
        if (rows.length > limits.rows) throw new RangeError(`more than ${limits.rows} rows`);
        if (t.kind === 'empty') row = null;
        break;
      case 'c': {
        if (t.kind === 'close') {
          if (cell !== null && inInline) cell.value = runs.done();
          cell = null;
          inInline = false;
          break;
        }
        if (row === null) break;
        const attrs = attributes(t.raw);
        const ref = attrs.get('r');
        const column = ref === undefined ? (row.cells.at(-1)?.column ?? -1) + 1 : columnOfRef(ref);
        if (column === null) throw new Error(`a cell reference ${ref ?? ''}`);
        cell = { column, type: attrs.get('t') ?? 'n', style: Number(attrs.get('s') ?? '0'), value: '' };
        row.cells.push(cell);
        if (t.kind === 'empty') cell = null;
        break;
      }
      case 'v':
        inValue = t.kind === 'open';
        break;
      case 'is':
        inInline = t.kind === 'open' || inInline;
        break;
      default:
        if (cell === null) break;
        if (t.kind === 'text' && inValue) cell.value += t.raw;
        else if (inInline) runs.take(t);
    }
  });
  if (!ended) throw new Error('the sheet does not end');
  for (const r of rows) {
    for (const c of r.cells) {
      if (c.type !== 'inlineStr') c.value = unescapeXml(c.value);
      if (c.value !== '' && c.column >= limits.columns) throw new RangeError(`row ${r.row} has a value in column ${c.column + 1}`);
    }
  }
  return rows;
}
