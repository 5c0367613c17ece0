import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { decodeText, readCsvRows } from '@propfolio/trade-files';
import { TRADE_FILE_READERS, platformOfFormat, readTradeFileBytes } from './import-formats.js';

/** Every platform sample libs/trade-files reads in its own specs, with the format it is. */
const FIXTURES = new URL('../../../trade-files/test/fixtures/', import.meta.url);
const SAMPLES: Record<string, string> = {
  'ctrader/history-utc3.csv': 'ctrader',
  'ctrader/history-reordered-eur.csv': 'ctrader',
  'ninjatrader/trades.csv': 'ninjatrader',
  'ninjatrader/trades-reordered.csv': 'ninjatrader',
  'tradovate/performance.csv': 'tradovate-performance',
  'tradovate/fills.csv': 'tradovate-fills',
  'tradovate/orders.csv': 'tradovate-fills',
  'topstepx/trades.csv': 'topstepx',
  'dxtrade/closed-positions.csv': 'dxtrade',
  'dxtrade/fills.csv': 'dxtrade-fills',
  'matchtrader/closed-positions.csv': 'matchtrader',
  'tradelocker/orders-history.csv': 'tradelocker',
  'tradezella/trades.csv': 'tradezella',
  'tradervue/trades.csv': 'tradervue',
};

describe('TRADE_FILE_READERS: detection', () => {
  it('knows every CSV sample there is', () => {
    const csvs = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.csv'))
      .map((f) => f.replaceAll('\\', '/'));
    expect(csvs.sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it.each(Object.entries(SAMPLES))('%s is recognised by the %s reader and by no other', (path, format) => {
    const bytes = readFileSync(new URL(path, FIXTURES));
    const rows = readCsvRows(decodeText(bytes));
    expect(TRADE_FILE_READERS.filter((r) => r.sniff(rows)).map((r) => r.format)).toEqual([format]);
    expect(readTradeFileBytes({ bytes }).format).toBe(format);
  });

  it('a journal’s export is of platform other; a platform’s export, of that platform', () => {
    expect(platformOfFormat('tradezella')).toBe('other');
    expect(platformOfFormat('tradervue')).toBe('other');
    expect(platformOfFormat('tradovate-fills')).toBe('tradovate');
    expect(platformOfFormat('matchtrader')).toBe('matchtrader');
    expect(platformOfFormat('dxtrade-fills')).toBe('dxtrade');
  });
});
