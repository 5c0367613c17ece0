/**
 * A small XLSX writer for tests (exported as `@propfolio/trade-files/testing`): real SpreadsheetML parts zipped with
 * fflate, as Excel and the platforms' exporters write them — shared strings (or inline strings), numbers, and dates as
 * serial numbers under a date format — so specs read workbooks that are built beside their assertions.
 */
import { strToU8, zipSync } from 'fflate';

/** A date cell: wall clock 'YYYY-MM-DD HH:MM:SS', written as a serial number under a date format. */
export interface DateCell {
  date: string;
  /** Excel's built-in `m/d/yyyy h:mm` (22, the default) or a custom `yyyy.mm.dd hh:mm:ss`. */
  format?: 'builtin' | 'custom';
}

export type XlsxCell = string | number | boolean | DateCell | null;

export interface XlsxSheetSpec {
  name?: string;
  rows: XlsxCell[][];
}

export interface WriteXlsxOptions {
  /** Strings inline in the sheet (`t="inlineStr"`, as some exporters write) rather than in the shared table. */
  inlineStrings?: boolean;
  /** Serial dates from 1904 (old Mac Excel). */
  date1904?: boolean;
}

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function columnName(i: number): string {
  let n = i + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function serialOf(local: string, date1904: boolean): number {
  const ms = Date.parse(`${local.replace(' ', 'T')}Z`);
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return (ms - epoch) / 86_400_000;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The workbook's bytes. */
export function writeXlsx(sheets: readonly XlsxSheetSpec[], options: WriteXlsxOptions = {}): Uint8Array {
  const shared: string[] = [];
  const sharedIndex = new Map<string, number>();
  const stringCell = (ref: string, s: string): string => {
    if (options.inlineStrings) return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escape(s)}</t></is></c>`;
    let i = sharedIndex.get(s);
    if (i === undefined) {
      i = shared.length;
      shared.push(s);
      sharedIndex.set(s, i);
    }
    return `<c r="${ref}" t="s"><v>${i}</v></c>`;
  };
  const cellXml = (ref: string, cell: XlsxCell): string => {
    if (cell === null) return '';
    if (typeof cell === 'string') return stringCell(ref, cell);
    if (typeof cell === 'number') return `<c r="${ref}"><v>${String(cell)}</v></c>`;
    if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
    const style = cell.format === 'custom' ? 2 : 1;
    return `<c r="${ref}" s="${style}"><v>${String(serialOf(cell.date, options.date1904 ?? false))}</v></c>`;
  };
  const files: Record<string, Uint8Array> = {};
  sheets.forEach((sheet, s) => {
    const rows = sheet.rows
      .map((cells, r) => {
        const inner = cells.map((cell, c) => cellXml(`${columnName(c)}${r + 1}`, cell)).join('');
        return inner === '' ? '' : `<row r="${r + 1}">${inner}</row>`;
      })
      .join('');
    files[`xl/worksheets/sheet${s + 1}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetData>${rows}</sheetData></worksheet>`,
    );
  });
  const sheetList = sheets.map(
    (sheet, s) => `<sheet name="${escape(sheet.name ?? `Sheet${s + 1}`)}" sheetId="${s + 1}" r:id="rId${s + 1}"/>`,
  );
  files['xl/workbook.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="${REL_NS}">` +
      `<workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets>${sheetList.join('')}</sheets></workbook>`,
  );
  const rels = sheets.map((_, s) => `<Relationship Id="rId${s + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${s + 1}.xml"/>`);
  rels.push(`<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>`);
  rels.push(`<Relationship Id="rId${sheets.length + 2}" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>`);
  files['xl/_rels/workbook.xml.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  );
  files['xl/styles.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${NS}">` +
      '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy.mm.dd\\ hh:mm:ss"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>' +
      '<cellXfs count="3"><xf numFmtId="0" xfId="0"/><xf numFmtId="22" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" xfId="0" applyNumberFormat="1"/></cellXfs>' +
      '</styleSheet>',
  );
  files['xl/sharedStrings.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${NS}" count="${shared.length}" uniqueCount="${shared.length}">` +
      shared.map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`).join('') +
      '</sst>',
  );
  files['[Content_Types].xml'] = strToU8(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '</Types>',
  );
  files['_rels/.rels'] = strToU8(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  return zipSync(files, { level: 6 });
}
