import { currencyFromHeader, offsetFromHeader, quantityUnit, readCtraderTime } from './ctrader-values.js';

describe('cTrader header and cell forms', () => {
  it.each([
    ['Opening time (UTC+3)', 180],
    ['Closing Time (UTC+8)', 480],
    ['Opening time (UTC-4)', -240],
    ['Closing time (UTC+5:30)', 330],
    ['Opening time (UTC+0)', 0],
    ['Opening time (UTC)', 0],
    ['Opening time', null],
    ['Opening time (UTC+15)', null],
  ])('%s has the offset %p minutes', (header, minutes) => {
    expect(offsetFromHeader(header)).toBe(minutes);
  });

  it.each([
    ['20 Aug 2026 21:56:13.342', '2026-08-20 21:56:13'],
    ['04 Aug 2026 06:38:02', '2026-08-04 06:38:02'],
    ['02/03/2026 14:47:44.584', '2026-03-02 14:47:44'],
    ['02.03.2026 14:47', '2026-03-02 14:47:00'],
    ['2026-03-10 09:00:00', '2026-03-10 09:00:00'],
    ['2026-03-10T09:00:00.5', '2026-03-10 09:00:00'],
  ])('%s is %s', (raw, local) => {
    expect(readCtraderTime(raw)).toBe(local);
  });

  it.each(['29 Feb 2026 10:00:00', '13/13/2026 10:00:00', '20 Foo 2026 10:00:00', '2026-03-10', '2026-03-10 24:00:00'])(
    '%s is not a time',
    (raw) => {
      expect(readCtraderTime(raw)).toBeNull();
    },
  );

  it('takes the unit from the cell, else from the column', () => {
    expect(quantityUnit('0.5 Lots', 'units')).toBe('lots');
    expect(quantityUnit('10 000 Units', 'lots')).toBe('units');
    expect(quantityUnit('1 428', 'lots')).toBe('lots');
    expect(quantityUnit('50k', 'units')).toBeNull();
  });

  it('names the currency written after Net, Gross or Balance', () => {
    expect(currencyFromHeader('Net USD')).toBe('USD');
    expect(currencyFromHeader('Net (usd)')).toBe('USD');
    expect(currencyFromHeader('Gross EUR')).toBe('EUR');
    expect(currencyFromHeader('Net €')).toBe('EUR');
    expect(currencyFromHeader('Net')).toBeNull();
    expect(currencyFromHeader('Net profit')).toBeNull();
  });
});
