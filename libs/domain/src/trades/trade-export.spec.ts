import { describe, expect, it } from '@jest/globals';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { closedPosition } from './trade-fixtures.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { csvCell } from './trade-export.js';
import { ExportTradesInput, ListTradesInput, UpdateTradeInput } from './trades.inputs.js';
import type { TradeView } from './trades.outputs.js';

const NOW = new Date('2026-03-15T12:00:00.000Z');

/** The CSV's lines as cells (RFC 4180 quoting undone), the byte order mark checked and taken off. */
function parseCsv(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.slice(1);
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    const next = text.charAt(i + 1);
    if (quoted && c === '"' && next === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && next === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('csvCell', () => {
  it('defuses text a spreadsheet would run as a formula, keeps numbers numbers, quotes per RFC 4180', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+cmd')).toBe(`"'+cmd"`);
    expect(csvCell('-1R loss')).toBe(`"'-1R loss"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('-40.5')).toBe('-40.5');
    expect(csvCell('+3')).toBe('+3');
    expect(csvCell('押し目買い, 東京')).toBe('"押し目買い, 東京"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(null)).toBe('');
  });
});

describeEachDatabase('export_trades writes the list as CSV', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account, push } = journalFixture(services);
  const list = async (caller: Caller, input: object) =>
    (await services().trades.list(caller, await parse(ListTradesInput, { ...input, limit: 200 }))).items;
  const exportCsv = async (caller: Caller, input: object, maxRows?: number) =>
    services().trades.exportCsv(caller, await parse(ExportTradesInput, input), NOW, maxRows);

  async function journal(caller: Caller): Promise<string> {
    const { id } = await account(caller);
    await push(
      caller,
      id,
      Array.from({ length: 9 }, (_, i) =>
        closedPosition(String(700 + i), {
          symbol: ['EURUSD', 'USDJPY', 'XAUUSD'][i % 3],
          profit: [100.25, -40, 12345678.1234, 0][i % 4],
          commission: -3.5,
          swap: i === 2 ? 0.0001 : 0,
          volume: [0.01, 1.5, 0.001][i % 3],
          openedAt: '2026-03-01T00:00:00Z',
          closedAt: `2026-03-0${String(2 + (i % 4))}T0${String(i)}:00:00Z`,
        }),
      ),
    );
    const [first, second] = await list(caller, {});
    await services().trades.update(
      caller,
      await parse(UpdateTradeInput, {
        id: first?.id,
        note: '=HYPERLINK("http://evil")',
        setup: '押し目買い',
        tags: ['A+', 'ロンドン'],
        plannedRisk: 30,
      }),
    );
    await services().trades.update(
      caller,
      await parse(UpdateTradeInput, { id: second?.id, note: 'line one\nline "two", three', setup: '@once' }),
    );
    return id;
  }

  /** What the CSV must say of a listed trade, from the list's own view (money compared as numbers of exact text). */
  const expectedCells = (t: TradeView) => [
    t.position,
    t.symbol,
    t.side,
    t.volume,
    t.openedAt,
    t.closedAt,
    t.openPrice,
    t.closePrice,
    t.stopLoss,
    t.takeProfit,
    t.commission,
    t.swap,
    t.fee,
    t.profit,
    t.net,
    t.setup,
    t.tags.join(';'),
    t.note,
    t.r,
  ];
  // A cell and a view's value compared alike: empty is null, a number's text its number, formula-like text defused.
  const cellValue = (cell: string): string | number | null => (cell === '' ? null : /^[+-]?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell);
  const viewValue = (v: string | number | null): string | number | null =>
    v === null || typeof v === 'number' ? v : cellValue(/^[=+\-@\t\r]/.test(v) && !/^[+-]?\d+(\.\d+)?$/.test(v) ? `'${v}` : v);

  it('answers one row per listed trade in the list’s order, money as stored, formulas defused, with its account', async () => {
    const caller = await newCaller(getDb());
    const id = await journal(caller);
    for (const input of [{}, { sort: 'net', order: 'asc' }, { symbol: 'USDJPY' }, { accountId: id, sort: 'volume' }]) {
      const listed = await list(caller, input);
      const file = await exportCsv(caller, input);
      expect(file).toMatchObject({ filename: 'trades-2026-03-15.csv', rows: listed.length, nextCursor: null });
      const [header, ...rows] = parseCsv(file.csv);
      expect(header).toEqual([
        'account',
        'platform',
        'position',
        'symbol',
        'side',
        'volume',
        'opened_at',
        'closed_at',
        'open_price',
        'close_price',
        'stop_loss',
        'take_profit',
        'commission',
        'swap',
        'fee',
        'profit',
        'net',
        'currency',
        'setup',
        'tags',
        'note',
        'r',
      ]);
      expect(rows).toHaveLength(listed.length);
      rows.forEach((row, i) => {
        const trade = listed[i];
        if (trade === undefined) throw new Error('fewer listed trades');
        expect([...row.slice(2, 17), ...row.slice(18)].map(cellValue)).toEqual(expectedCells(trade).map(viewValue));
        expect([row[0], row[1], row[17]]).toEqual([expect.any(String), '', 'USD']);
      });
    }
  });

  it('keeps money exact, Japanese text intact, and instants with their zone', async () => {
    const caller = await newCaller(getDb());
    await journal(caller);
    const { csv } = await exportCsv(caller, { sort: 'net', order: 'desc' });
    const [, top] = parseCsv(csv);
    // 12,345,678.1234 − 3.5 + 0.0001 (swap) as stored (numeric), never through a float; a thousandth of a lot too.
    expect(top?.[15]).toBe('12345678.1234');
    expect(top?.[16]).toBe('12345674.6235');
    expect(csv).toContain(',0.001,');
    expect(csv).toContain('押し目買い');
    expect(csv).toContain('A+;ロンドン');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`"'@once"`);
    expect(csv).toContain('"line one\nline ""two"", three"');
    expect(top?.[6]).toMatch(/^2026-03-0\dT0\d:00:00\.000Z$/);
  });

  it('pages by the bound: the cursor of the next file goes on where this one stopped, in the same order', async () => {
    const caller = await newCaller(getDb());
    await journal(caller);
    for (const input of [{}, { sort: 'symbol', order: 'asc' }]) {
      const whole = parseCsv((await exportCsv(caller, input)).csv).slice(1);
      const pages: string[][] = [];
      let cursor: string | null | undefined;
      do {
        const file = await exportCsv(caller, { ...input, ...(cursor ? { cursor } : {}) }, 4);
        expect(file.rows).toBeLessThanOrEqual(4);
        pages.push(...parseCsv(file.csv).slice(1));
        cursor = file.nextCursor;
      } while (cursor);
      expect(pages).toEqual(whole);
      expect(whole).toHaveLength(9);
    }
    const first = await exportCsv(caller, {}, 4);
    // The list's cursor and the export's are one: a cursor of another ordering is refused naming it.
    await expect(exportCsv(caller, { sort: 'net', cursor: first.nextCursor })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: [expect.objectContaining({ field: 'cursor' })],
    });
  });

  it('never writes another user’s trades; a foreign account is a 404 like an unknown one', async () => {
    const owner = await newCaller(getDb());
    const other = await newCaller(getDb());
    const id = await journal(owner);
    const theirs = await exportCsv(other, {});
    expect(parseCsv(theirs.csv)).toHaveLength(1);
    expect(theirs.rows).toBe(0);
    await expect(exportCsv(other, { accountId: id })).rejects.toMatchObject({ code: 'not_found' });
  });
});
