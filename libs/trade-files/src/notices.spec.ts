import { readFileSync } from 'node:fs';
import { bytes, refusal } from '../test/spec-helpers.js';
import { ctraderReader } from './ctrader/ctrader-reader.js';
import { ninjatraderReader } from './ninjatrader/ninjatrader-reader.js';
import { futuresNotices, noticeText, type ImportNotice } from './notices.js';
import { readTradeFile } from './read-trade-file.js';
import { expectedKind } from './text/row-cells.js';
import { topstepxReader } from './topstepx/topstepx-reader.js';

const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8');

describe('refusals carry a reason and params beside the English message', () => {
  it('a cell that is not what its column holds: reason cell, the kind expected as a code', () => {
    const text = fixture('ninjatrader/trades.csv').replace('Long,2,', 'Sideways,2,');
    const e = refusal(() => readTradeFile(bytes(text), [ninjatraderReader]));
    expect(e.detail).toEqual({ row: 2, column: 'Market pos.', value: 'Sideways' });
    expect([e.reason, e.params]).toEqual(['cell', { expected: 'side' }]);
    expect(e.message).toContain('Long or Short');
  });

  it('a file of no known format, a close before its open, a missing column', () => {
    const unknown = refusal(() => readTradeFile(bytes('Ticker,Qty\nES,1\n'), [ctraderReader, ninjatraderReader]));
    expect([unknown.reason, unknown.params]).toEqual(['unknown_format', { formats: 'ctrader, ninjatrader' }]);
    const text = fixture('ninjatrader/trades.csv').replace('3/2/2026 9:52:10 AM', '3/1/2026 9:52:10 AM');
    const backwards = refusal(() => readTradeFile(bytes(text), [ninjatraderReader]));
    expect([backwards.reason, backwards.params]).toEqual([
      'closed_before_open',
      { open: '2026-03-02 09:31:22', close: '2026-03-01 09:52:10' },
    ]);
    const noQty = fixture('ninjatrader/trades.csv').replace(',Qty,', ',Size,');
    expect(refusal(() => readTradeFile(bytes(noQty), [ninjatraderReader]))).toMatchObject({
      reason: 'missing_columns',
      params: { columns: 'Qty' },
    });
  });

  it.each([
    ['a date and time (MM/DD/YYYY HH:MM:SS)', 'datetime'],
    ['a time (HH:MM:SS)', 'time'],
    ['Buy or Sell (Long or Short)', 'side'],
    ['a positive price', 'price'],
    ['a whole number of contracts', 'contracts'],
    ['a positive quantity in lots or units', 'volume'],
    ['an amount', 'amount'],
    ['filled in', 'filled'],
    ['a contract whose point value is known (add its root to the contract table to price this Fills export)', 'contract'],
    ['Gross + Commissions + Swap (12.5)', 'net'],
    ['something new', 'other'],
  ])('words %j as the kind %s', (phrase, kind) => {
    expect(expectedKind(phrase)).toBe(kind);
  });
});

describe('import notices', () => {
  it('say in English what the import answered before codes existed', () => {
    const notices: ImportNotice[] = [
      { code: 'futures_pnl', params: { rows: '2', symbol: 'MNQH6', profit: '220.5', expected: '202.5' } },
      { code: 'currency_differs', params: { file: 'EUR', account: 'USD' } },
      { code: 'default_clock', params: { zone: 'America/Chicago', platform: 'NinjaTrader' } },
    ];
    expect(notices.map(noticeText)).toEqual([
      'Line 2: MNQH6 profit 220.5 does not add up (its prices give 202.5).',
      'The statement is in EUR; the account was registered in USD.',
      "The file's times carry no offset and were read in America/Chicago, the NinjaTrader default: check the first and last trade under clock, and send fileTimeZone if your platform shows another zone.",
    ]);
  });

  it('name a futures row that does not add up by its line, symbol and figures', () => {
    const text = fixture('topstepx/trades.csv').replace(',202.500000000,', ',220.500000000,');
    const file = readTradeFile(bytes(text), [topstepxReader]);
    expect(futuresNotices(file)).toEqual([
      { code: 'futures_pnl', params: { rows: '2', symbol: 'MNQH6', profit: '220.5', expected: '202.5' } },
    ]);
    expect(futuresNotices(readTradeFile(bytes(fixture('topstepx/trades.csv')), [topstepxReader]))).toEqual([]);
  });
});
