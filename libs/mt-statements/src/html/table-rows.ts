import { Parser } from 'htmlparser2';
import { StatementError } from '../errors.js';

/** One `<td>`/`<th>`: its visible text (entities decoded, whitespace collapsed) and the attributes that matter. */
export interface Cell {
  text: string;
  colspan: number;
  /** `class="hidden"`: MT5 hides a Cost column and a filler cell in Positions rows with it. */
  hidden: boolean;
  /** MT4 puts the order comment (and `[sl]`/`[tp]`) into the ticket cell's title. */
  title: string | null;
}

export interface Row {
  cells: Cell[];
}

export interface HtmlDocument {
  title: string;
  /** Every `<tr>` of every table, in document order. */
  rows: Row[];
  /** Text outside any table inside `<body>` (MT4 writes the company name there), in order. */
  looseText: string[];
  /** Whether the source ends with an explicit `</html>`: a cut download does not. */
  closed: boolean;
}

const clean = (s: string): string => s.replace(/[\s\u00a0]+/g, ' ').trim();

/** The HTML standard's cap on `colspan` ("if colspan is greater than 1000, let it be 1000 instead"). */
export const MAX_COLSPAN = 1000;

/**
 * Elements open at once. MT5 nests about 8 deep (html, body, div, table, tr, td, div, b). htmlparser2 keeps the
 * open elements in an array it shifts and searches on every tag, so unbounded nesting would make parsing
 * quadratic in the file's size; this cap keeps each tag's cost constant.
 */
export const MAX_ELEMENT_NESTING = 128;

/**
 * Grid slots (a cell spanning n columns is n slots) a document may expand to, per character of its text,
 * on top of {@link GRID_SLOTS_FLOOR}. Every cell costs at least one `<td>` of markup, so only `colspan` can make
 * the grid outgrow the file; MetaTrader's own reports stay under one slot per five characters. Readers walk
 * each row's grid a fixed number of times, so bounding the slots bounds their work linearly in the input.
 */
export const GRID_SLOTS_PER_CHARACTER = 1;
export const GRID_SLOTS_FLOOR = 4096;

/**
 * A `colspan` as the HTML standard reads it: digits after optional whitespace and '+', trailing text ignored;
 * missing, non-numeric or 0 counts as 1, above {@link MAX_COLSPAN} as MAX_COLSPAN. (`rowspan` is not read at all:
 * MT writes none, and the grid is built row by row, so a crafted one costs nothing.)
 */
export function colspanOf(raw: string | undefined): number {
  const digits = /^[\t\n\f\r ]*\+?(\d+)/.exec(raw ?? '')?.[1];
  if (digits === undefined) return 1;
  // Leading zeros aside, more than four digits is over the cap whatever they are: no need to parse a huge number.
  const value = digits.replace(/^0+/, '').length > 4 ? MAX_COLSPAN + 1 : Number(digits);
  return value === 0 ? 1 : Math.min(value, MAX_COLSPAN);
}

/**
 * Flattens the report's HTML into rows of cells. The terminals write one big layout table (MT4) or one
 * table with a few nested ones (MT5); every row is kept in document order and the sections are found
 * later by their banner rows, so the parser does not depend on how the tables nest.
 */
export function readTableRows(html: string): HtmlDocument {
  const rows: Row[] = [];
  const looseText: string[] = [];
  let title = '';
  let inTitle = false;
  let skipDepth = 0; // inside <style>/<script>
  let tableDepth = 0;
  let row: Row | null = null;
  let cell: { text: string; colspan: number; hidden: boolean; title: string | null } | null = null;
  let depth = 0;
  let slots = 0;
  const maxSlots = GRID_SLOTS_FLOOR + GRID_SLOTS_PER_CHARACTER * html.length;

  const finishCell = (): void => {
    if (cell && row) {
      slots += cell.hidden ? 1 : cell.colspan;
      if (slots > maxSlots) {
        throw new StatementError(
          'limit_exceeded',
          `The file's tables span more than ${maxSlots} cells (${GRID_SLOTS_FLOOR} + ${GRID_SLOTS_PER_CHARACTER} per character of the file): ` +
            'MetaTrader does not write such tables, so it is not read.',
        );
      }
      row.cells.push({ ...cell, text: clean(cell.text) });
    }
    cell = null;
  };
  const finishRow = (): void => {
    finishCell();
    if (row) rows.push(row);
    row = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        // Mirrors htmlparser2's stack of open elements: every open (void and implied ones too) gets a close event.
        if (++depth > MAX_ELEMENT_NESTING) {
          throw new StatementError(
            'limit_exceeded',
            `The file nests HTML elements more than ${MAX_ELEMENT_NESTING} deep: MetaTrader does not write such HTML, so it is not read.`,
          );
        }
        switch (name) {
          case 'title':
            inTitle = true;
            break;
          case 'style':
          case 'script':
            skipDepth++;
            break;
          case 'table':
            tableDepth++;
            break;
          case 'tr':
            finishRow();
            row = { cells: [] };
            break;
          case 'td':
          case 'th': {
            finishCell();
            if (!row) row = { cells: [] }; // a cell outside a row: MT never writes one, but do not drop it
            cell = {
              text: '',
              colspan: colspanOf(attribs.colspan),
              hidden: /(^|\s)hidden(\s|$)/i.test(attribs.class ?? ''),
              title: attribs.title ?? null,
            };
            break;
          }
          case 'br':
            if (cell) cell.text += ' ';
            break;
        }
      },
      ontext(data) {
        if (skipDepth > 0) return;
        if (inTitle) title += data;
        else if (cell) cell.text += data;
        else if (tableDepth === 0 && clean(data) !== '') looseText.push(clean(data));
      },
      onclosetag(name) {
        depth--;
        switch (name) {
          case 'title':
            inTitle = false;
            break;
          case 'style':
          case 'script':
            skipDepth = Math.max(0, skipDepth - 1);
            break;
          case 'td':
          case 'th':
            finishCell();
            break;
          case 'tr':
            finishRow();
            break;
          case 'table':
            finishRow();
            tableDepth = Math.max(0, tableDepth - 1);
            break;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  finishRow();

  return { title: clean(title), rows, looseText, closed: /<\/html\s*>\s*$/i.test(html) };
}

/**
 * A row's visible cells laid out on the grid: hidden cells dropped, a cell spanning n columns takes n
 * slots (its text in the first). Header and data rows then line up by index even where MT spans cells.
 */
export function gridOf(row: Row): string[] {
  const slots: string[] = [];
  for (const c of row.cells) {
    if (c.hidden) continue;
    slots.push(c.text);
    for (let i = 1; i < c.colspan; i++) slots.push('');
  }
  return slots;
}

/** The texts of a row's non-empty visible cells. */
export const filledTexts = (row: Row): string[] => row.cells.filter((c) => !c.hidden && c.text !== '').map((c) => c.text);

/** The one text of a row that has a single non-empty visible cell (a section banner), else null. */
export function bannerOf(row: Row): string | null {
  const texts = filledTexts(row);
  return texts.length === 1 ? (texts[0] as string) : null;
}

/**
 * The value written after `label` in a summary row ("Balance:" then "10 000.00"): the next non-empty
 * visible cell, or null when the label is not in the row.
 */
export function valueAfterLabel(row: Row, label: string): string | null {
  const texts = filledTexts(row);
  const at = texts.findIndex((t) => t.toLowerCase() === label.toLowerCase());
  if (at < 0) return null;
  return texts[at + 1] ?? null;
}
