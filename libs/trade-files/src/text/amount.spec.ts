import { readAmount } from './amount.js';

describe('readAmount', () => {
  it.each([
    ['-262.50', '-262.5'],
    ['-$262.50', '-262.5'],
    ['$-262.50', '-262.5'],
    ['($75.90)', '-75.9'],
    ['$(30.00)', '-30'],
    ['$1,200.00', '1200'],
    ['1 049.40', '1049.4'],
    ['1\u00a0049.40', '1049.4'],
    ["1'049.40", '1049.4'],
    ['+12.5', '12.5'],
    ['0.5 Lots', '0.5'],
    ['12.50 USD', '12.5'],
    ['0.000000001', '0.000000001'],
    ['-0.00', '0'],
  ])('%s reads as %s', (raw, expected) => {
    expect(readAmount(raw)).toBe(expected);
  });

  it.each(['', 'abc', '1,20.0', '12.3.4', '$', '--5', '1 04.5'])('%j is not an amount', (raw) => {
    expect(readAmount(raw)).toBeNull();
  });

  it('reads a decimal comma only when told', () => {
    expect(readAmount('1.049,40', { decimalComma: true })).toBe('1049.4');
    expect(readAmount('-12,5', { decimalComma: true })).toBe('-12.5');
    expect(readAmount('1,5')).toBeNull();
  });
});
