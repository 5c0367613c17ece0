import fc from 'fast-check';
import { instrumentKey } from './instrument.js';

describe('instrumentKey', () => {
  it.each([
    ['EURUSD', 'EURUSD'],
    ['eurusd', 'EURUSD'],
    [' EURUSD.r ', 'EURUSD'],
    ['EURUSD.raw', 'EURUSD'],
    ['EURUSD-ECN', 'EURUSD'],
    ['EURUSD_i', 'EURUSD'],
    ['EURUSD+', 'EURUSD'],
    ['EURUSD!', 'EURUSD'],
    ['EURUSDm', 'EURUSD'],
    ['XAUUSDpro', 'XAUUSD'],
    ['EUR/USD', 'EURUSD'],
    ['BTC-USD', 'BTCUSD'],
    ['EUR/USD.r', 'EURUSD'],
    ['#US30', 'US30'],
    ['US30.cash', 'US30'],
    ['GER40.cash', 'GER40'],
    ['NAS100.r', 'NAS100'],
    ['ESZ6', 'ESZ6'],
    ['MNQH7', 'MNQH7'],
    ['ES-12-26', 'ES-12-26'],
  ])('%s is %s', (symbol, key) => {
    expect(instrumentKey(symbol)).toBe(key);
  });

  const pair = fc.stringMatching(/^[A-Z]{6}$/);
  const decoration = fc.constantFrom('', '.r', '.raw', '-ECN', '_i', '+', 'm', 'pro', '.pro', '#');

  it('reads a decorated pair as the pair, and two pairs never as one', () => {
    fc.assert(
      fc.property(pair, pair, decoration, decoration, (a, b, da, db) => {
        expect(instrumentKey(`${a}${da}`)).toBe(a);
        if (a !== b) expect(instrumentKey(`${a}${da}`)).not.toBe(instrumentKey(`${b}${db}`));
      }),
    );
  });

  it('is stable: a key is its own key', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (symbol) => {
        const key = instrumentKey(symbol);
        expect(instrumentKey(key)).toBe(key);
      }),
    );
  });
});
