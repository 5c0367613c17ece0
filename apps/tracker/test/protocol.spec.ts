import { describe, expect, it } from '@jest/globals';
import {
  encodeQueryValue,
  formatAmount,
  formatInstant,
  normalizeServiceUrl,
  paths,
  registerBody,
  reportBody,
  snapshotBody,
  userAgent,
} from '../src/index.js';

describe('the bytes of the protocol (docs/tracker-protocol.md)', () => {
  it('writes amounts rounded to cents without trailing zeros, as the EA does', () => {
    expect(formatAmount(101250.4)).toBe('101250.4');
    expect(formatAmount(101180)).toBe('101180');
    expect(formatAmount(100000.0)).toBe('100000');
    expect(formatAmount(-12.345)).toBe('-12.35');
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount(0.1 + 0.2)).toBe('0.3');
    expect(formatAmount(-0.001)).toBe('0');
    expect(formatAmount(-0)).toBe('0');
    expect(formatAmount(412.25)).toBe('412.25');
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError);
  });

  it('writes the documented example bodies byte for byte', () => {
    expect(
      registerBody({ login: '5012345', server: 'FTMO-Demo', currency: 'USD', initialBalance: 100000, name: 'FTMO 100k phase 1' }),
    ).toBe('{"login":"5012345","server":"FTMO-Demo","currency":"USD","initialBalance":100000,"name":"FTMO 100k phase 1"}');
    expect(registerBody({ login: '5012345', server: 'FTMO-Demo', currency: 'USD', initialBalance: 100000 })).toBe(
      '{"login":"5012345","server":"FTMO-Demo","currency":"USD","initialBalance":100000}',
    );
    expect(snapshotBody({ at: '2026-03-05T14:03:00Z', balance: 101250.4, equity: 101180 })).toBe(
      '{"at":"2026-03-05T14:03:00Z","balance":101250.4,"equity":101180}',
    );
    expect(reportBody({ date: '2026-03-05', balance: 101250.4, equity: 101180, closedPnl: 412.25 })).toBe(
      '{"date":"2026-03-05","balance":101250.4,"equity":101180,"closedPnl":412.25}',
    );
  });

  it('escapes names as JSON and keeps non-ASCII text as UTF-8', () => {
    const body = registerBody({ login: '1', server: 'S', currency: 'JPY', initialBalance: 1, name: 'フェーズ1 "A"\\\n' });
    expect(body).toBe('{"login":"1","server":"S","currency":"JPY","initialBalance":1,"name":"フェーズ1 \\"A\\"\\\\\\n"}');
    expect(JSON.parse(body)).toMatchObject({ name: 'フェーズ1 "A"\\\n' });
  });

  it('encodes query values per RFC 3986 (unreserved characters only are left as is)', () => {
    expect(encodeQueryValue('FTMO-Demo')).toBe('FTMO-Demo');
    expect(encodeQueryValue('ICMarketsSC-Demo 02')).toBe('ICMarketsSC-Demo%2002');
    expect(encodeQueryValue("a+b&c=d/e!'()*~")).toBe('a%2Bb%26c%3Dd%2Fe%21%27%28%29%2A~');
    expect(encodeQueryValue('サーバー')).toBe('%E3%82%B5%E3%83%BC%E3%83%90%E3%83%BC');
    expect(paths.lookup('5012345', 'FTMO-Demo')).toBe('/api/v1/accounts/lookup?login=5012345&server=FTMO-Demo');
  });

  it('writes instants to the second in UTC with a Z', () => {
    expect(formatInstant(Date.UTC(2026, 2, 5, 14, 3, 0, 999))).toBe('2026-03-05T14:03:00Z');
  });

  it('names itself in the User-Agent and takes the service root as URL', () => {
    expect(userAgent('MT5')).toBe('PropfolioTracker/1.0.0 (MT5)');
    expect(normalizeServiceUrl('https://propfolio.example.com/')).toBe('https://propfolio.example.com');
    expect(normalizeServiceUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(() => normalizeServiceUrl('ftp://x')).toThrow(/https/);
    expect(() => normalizeServiceUrl('propfolio.example.com')).toThrow(/address/);
  });
});
