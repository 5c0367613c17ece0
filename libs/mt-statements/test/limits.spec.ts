import fc from 'fast-check';
import {
  GRID_SLOTS_FLOOR,
  GRID_SLOTS_PER_CHARACTER,
  MAX_COLSPAN,
  MAX_ELEMENT_NESTING,
  MAX_STATEMENT_DAYS,
  MAX_STATEMENT_DEALS,
  readStatement,
  StatementError,
} from '../src/index.js';
import { gridOf, readTableRows } from '../src/html/table-rows.js';
import { parseMoney } from '../src/money.js';
import { asText, fixture, utf8 } from './load-fixture.js';
import { mt5Report, type ReportDeal } from '@propfolio/mt-statements/testing';

function caught(run: () => unknown): StatementError {
  try {
    run();
  } catch (e) {
    if (e instanceof StatementError) return e;
    throw e;
  }
  throw new Error('expected a StatementError');
}

/** Grid slots the readers walk for a document: what colspan multiplies. */
const slotsOf = (html: string): number => readTableRows(html).rows.reduce((n, r) => n + gridOf(r).length, 0);
const slotBound = (html: string): number => GRID_SLOTS_FLOOR + GRID_SLOTS_PER_CHARACTER * html.length;

describe('HTML tables: the HTML standard’s limits, and work linear in the file’s size', () => {
  it('reads colspan as the standard does: above 1000 is 1000; 0, negative or non-numeric is 1; trailing text ignored', () => {
    const spans = ['1000000000', '99999999999999999999', '1001', '1000', '14', ' +3x', '0', '-4', 'wide', ''];
    const html = `<table><tr>${spans.map((s) => `<td colspan="${s}">c</td>`).join('')}</tr></table>`;
    const [row] = readTableRows(html).rows;
    expect(row?.cells.map((c) => c.colspan)).toEqual([MAX_COLSPAN, MAX_COLSPAN, MAX_COLSPAN, 1000, 14, 3, 1, 1, 1, 1]);
  });

  it('refuses the 1.2 KB MT5 report whose Deals header cell spans 1,000,000,000 columns, instead of growing an array', () => {
    const html = asText(mt5Report([{ time: '2024.03.04 08:00:12', profit: '100.00' }], { total: '100.00' })).replace(
      '<td>Time</td>',
      '<td colspan="1000000000">Time</td>',
    );
    expect(html.length).toBeLessThan(1300);
    expect(caught(() => readStatement(utf8(html)))).toBeInstanceOf(StatementError);
    expect(slotsOf(html)).toBeLessThanOrEqual(slotBound(html));
  });

  it('refuses tables spanning more grid slots than the file has characters (plus a floor), naming the limit', () => {
    const html = `<table><tr>${'<td colspan=1000>'.repeat(50)}</tr></table>`;
    const e = caught(() => readTableRows(html));
    expect(e.code).toBe('limit_exceeded');
    expect(e.message).toContain(String(slotBound(html)));
  });

  // Fragments an attacker can repeat: spans of every size, cells without rows, rows without tables, unclosed tags.
  const span = fc.oneof(fc.integer({ min: -5, max: 2000 }).map(String), fc.constantFrom('1000000000', '1e9', 'x', ''));
  const fragment = fc.oneof(
    span.map((s) => `<td colspan="${s}">`),
    span.map((s) => `<th rowspan="${s}" colspan="${s}">`),
    fc.constantFrom(
      '<table>',
      '</table>',
      '<tr>',
      '</tr>',
      '<td>',
      '</td>',
      '<td class="hidden" colspan="999">',
      '<b>',
      '</b>',
      '<div>',
      'x',
      '&nbsp;',
    ),
  );

  it('never expands a document past its bound, whatever the markup: it is read within the bound or refused', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 400 }), fc.integer({ min: 1, max: 30 }), (parts, times) => {
        const html = parts.join('').repeat(times);
        try {
          expect(slotsOf(html)).toBeLessThanOrEqual(slotBound(html));
        } catch (e) {
          if (!(e instanceof StatementError)) throw e;
          expect(e.code).toBe('limit_exceeded');
        }
        // The whole reader either answers or refuses with its own error: nothing else escapes.
        try {
          readStatement(utf8(`<html><title>1: A - Trade History Report</title>${html}</html>`));
        } catch (e) {
          expect(e).toBeInstanceOf(StatementError);
        }
      }),
      { numRuns: 200 },
    );
  });

  it(`refuses elements nested deeper than ${MAX_ELEMENT_NESTING} (htmlparser2 would shift its stack on every tag)`, () => {
    const nested = (depth: number): string => `${'<div>'.repeat(depth)}<table><tr><td>x</td></tr></table>`;
    // <div>s, plus table, tbody-less tr and td inside them.
    expect(readTableRows(nested(MAX_ELEMENT_NESTING - 3)).rows).toHaveLength(1);
    expect(caught(() => readTableRows(nested(MAX_ELEMENT_NESTING - 2))).code).toBe('limit_exceeded');
    const e = caught(() => readStatement(utf8(`<html><title>1: A - Trade History Report</title>${nested(200_000)}</html>`)));
    expect(e.code).toBe('limit_exceeded');
    expect(e.message).toContain(String(MAX_ELEMENT_NESTING));
  });

  it('reads a row of 100,000 empty cells as that many cells, one slot each', () => {
    const html = `<table><tr>${'<td></td>'.repeat(100_000)}</tr></table>`;
    const { rows } = readTableRows(html);
    expect(rows[0]?.cells).toHaveLength(100_000);
    expect(slotsOf(html)).toBe(100_000);
    expect(caught(() => readStatement(utf8(html))).code).toBe('not_a_statement');
  });
});

describe('values outside what MetaTrader writes are refused, naming the row', () => {
  const html = asText(fixture('ReportHistory-51234567.utf8.html'));
  const dealTime = '<td nowrap>2024.03.05 10:05:41</td>';
  const withDealTime = (time: string): Uint8Array => {
    expect(html.includes(dealTime)).toBe(true);
    return utf8(html.replace(dealTime, `<td nowrap>${time}</td>`));
  };

  it.each([
    '2026.02.30 10:00:00',
    '2025.02.29 10:00:00',
    '2026.04.31 10:00:00',
    '2024.03.05 24:00:00',
    '2024.13.05 10:00:00',
    '9999.12.31 23:59:59',
    '0000.03.05 10:05:41',
    '0024.03.05 10:05:41',
    '1969.12.31 23:59:59',
  ])('a deal at %s: malformed, naming deal 1005', (time) => {
    const e = caught(() => readStatement(withDealTime(time)));
    expect(e.code).toBe('malformed');
    expect(e.message).toContain('deal 1005');
  });

  it('accepts 29 February of a leap year', () => {
    const deposit = '<td nowrap>2024.03.04 08:00:12</td>';
    expect(readStatement(utf8(html.replace(deposit, '<td nowrap>2024.02.29 08:00:12</td>'))).transactions[0]?.time).toBe(
      '2024-02-29 08:00:12',
    );
  });

  it('refuses a deal after the report was written (2024.03.07 18:20) plus one day, and accepts one at that bound', () => {
    const last = '<td nowrap>2024.03.07 12:00:00</td>';
    expect(readStatement(utf8(html.replace(last, '<td nowrap>2024.03.08 18:20:00</td>'))).transactions.at(-1)?.time).toBe(
      '2024-03-08 18:20:00',
    );
    const e = caught(() => readStatement(utf8(html.replace(last, '<td nowrap>2024.03.08 18:20:01</td>'))));
    expect(e.code).toBe('malformed');
    expect(e.message).toMatch(/Deal 1012 .*after the report/);
  });

  const mt4 = new TextDecoder('windows-1252').decode(fixture('Statement-2089123.htm')).replace('charset=windows-1252', 'charset=utf-8');

  it('MT4: a report date that does not exist, and a balance row in year 0024, are malformed', () => {
    expect(caught(() => readStatement(utf8(mt4.replace('2024 February 16, 18:05', '2024 February 30, 18:05')))).message).toMatch(
      /report date.*not a date and time that exists/,
    );
    const e = caught(() => readStatement(utf8(mt4.replace('2024.02.12 07:30:00', '0024.02.12 07:30:00'))));
    expect(e.code).toBe('malformed');
    expect(e.message).toContain('40001000');
  });

  const dealProfit = '<td nowrap>-325.00</td>';
  it.each(['-325.001', '-12 345 678 901.00', '1e5', 'Infinity', 'NaN', '0x10', '--325'])(
    'a deal whose Profit is %s: malformed, naming deal 1005',
    (profit) => {
      const e = caught(() => readStatement(utf8(html.replace(dealProfit, `<td nowrap>${profit}</td>`))));
      expect(e.code).toBe('malformed');
      expect(e.message).toContain('deal 1005');
    },
  );

  it('amounts keep at most 2 decimals and 10 integer digits, leading zeros aside', () => {
    expect(parseMoney('9 999 999 999.99', 'x').toFixed(2)).toBe('9999999999.99');
    expect(parseMoney('-0000000000001.5', 'x').toFixed(2)).toBe('-1.50');
    expect(caught(() => parseMoney('10 000 000 000.00', 'x')).message).toMatch(/10 integer digits/);
    expect(caught(() => parseMoney('0.125', 'x')).message).toMatch(/more than 2 decimals/);
  });
});

describe('binary files with HTML inside are not statements', () => {
  const report = fixture('ReportHistory-51234567.utf8.html');
  const after = (magic: readonly number[]): Uint8Array => new Uint8Array([...magic, ...report]);

  it.each([
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
    ['GIF', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]],
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0]],
    ['gzip', [0x1f, 0x8b, 0x08, 0x00]],
    ['7-Zip', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
    ['RAR', [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]],
  ])('%s magic followed by a whole MT5 report: not_a_statement', (_, magic) => {
    expect(caught(() => readStatement(after(magic))).code).toBe('not_a_statement');
  });

  it('NUL padding in a UTF-8 or windows-1252 file: not_a_statement, though MT5’s UTF-16LE (a zero byte per character) still reads', () => {
    expect(caught(() => readStatement(new Uint8Array([...report, ...new Uint8Array(64)]))).code).toBe('not_a_statement');
    const mt4 = fixture('Statement-2089123.htm');
    const cut = mt4.indexOf(0x3c, 200); // a '<' inside the document
    expect(caught(() => readStatement(new Uint8Array([...mt4.subarray(0, cut), 0, 0, 0, 0, ...mt4.subarray(cut)]))).code).toBe(
      'not_a_statement',
    );
    const utf16 = fixture('ReportHistory-51234567.html');
    expect(readStatement(utf16).transactions).toHaveLength(12);
    // A U+0000 character in UTF-16 is two aligned zero bytes: binary there too.
    expect(caught(() => readStatement(new Uint8Array([...utf16, 0, 0]))).code).toBe('not_a_statement');
  });
});

describe('statement-wide limits, exported from the package entry', () => {
  const day = (i: number): string => new Date(Date.UTC(1971, 0, 1 + i)).toISOString().slice(0, 10).replaceAll('-', '.');
  const deals = (n: number, at: (i: number) => string): ReportDeal[] => Array.from({ length: n }, (_, i) => ({ time: at(i), profit: '1' }));

  it('the builder’s report is read (so the refusals below are the limits’ doing)', () => {
    expect(
      readStatement(
        mt5Report(
          deals(3, (i) => `${day(i)} 10:00:00`),
          { total: '3' },
        ),
      ).transactions,
    ).toHaveLength(3);
  });

  it(`refuses more than ${MAX_STATEMENT_DAYS} distinct days`, () => {
    expect(MAX_STATEMENT_DAYS).toBe(20_000);
    const n = MAX_STATEMENT_DAYS + 1;
    const e = caught(() =>
      readStatement(
        mt5Report(
          deals(n, (i) => `${day(i)} 10:00:00`),
          { total: String(n) },
        ),
      ),
    );
    expect(e.code).toBe('limit_exceeded');
    expect(e.message).toContain(`${n} days`);
  });

  it(`refuses more than ${MAX_STATEMENT_DEALS} deals (a caller raising maxBytes past 5 MiB meets this next)`, () => {
    expect(MAX_STATEMENT_DEALS).toBe(100_000);
    const n = MAX_STATEMENT_DEALS + 1;
    const bytes = mt5Report(
      deals(n, () => '2024.03.04 10:00:00'),
      { total: String(n) },
    );
    const e = caught(() => readStatement(bytes, { maxBytes: bytes.length }));
    expect(e.code).toBe('limit_exceeded');
    expect(e.message).toContain(`${n} deals`);
  });
});
