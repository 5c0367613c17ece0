import iconv from 'iconv-lite';
import { decodeCp1252, encodeCp1252, encodeShiftJis } from './legacy-encoders.js';

// iconv-lite is a test-only reference here: an independent encoder to check the derived tables against.
describe('ANSI encoders derived from the platform decoders', () => {
  it.each(['EnableTrading=1', 'OrderComment=日本語のコメント', 'ﾄﾚｰﾘﾝｸﾞ＝１０％', '①②㈱～－'])(
    'Shift_JIS (CP932) encodes %s as Windows does',
    (text) => {
      expect(encodeShiftJis(text)).toEqual(Uint8Array.from(iconv.encode(text, 'cp932')));
    },
  );

  it('windows-1252 encodes Western text as Windows does and unmappable characters as "?"', () => {
    const text = 'Café €5 – “quoted” ß';
    expect(encodeCp1252(text)).toEqual(Uint8Array.from(iconv.encode(text, 'windows-1252')));
    expect(decodeCp1252(encodeCp1252('日'))).toBe('?');
    expect(decodeCp1252(Uint8Array.of(0x80, 0x81, 0xe9))).toBe(iconv.decode(Buffer.of(0x80, 0x81, 0xe9), 'windows-1252'));
  });
});
