/**
 * `.set` files of every variant, built byte by byte here (not with the library's own encoder),
 * so that round-trip tests compare against independently produced bytes.
 */
import iconv from 'iconv-lite';

function utf16le(text: string, bom: boolean): Uint8Array {
  const out: number[] = bom ? [0xff, 0xfe] : [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out.push(c & 0xff, c >> 8);
  }
  return Uint8Array.from(out);
}

const ascii = (text: string): Uint8Array => Uint8Array.from(Array.from(text, (c) => c.charCodeAt(0)));
const utf8 = (text: string, bom: boolean): Uint8Array => Uint8Array.from([...(bom ? [0xef, 0xbb, 0xbf] : []), ...new TextEncoder().encode(text)]);

/** Saved from the MT5 tester's Inputs tab: header comments, group lines, `||` ranges, CRLF after the last line. */
export const mt5TesterText = [
  '; saved on 2026.02.01 10:00:00',
  '; this file contains input parameters for testing/optimizing PropfolioAssist expert advisor',
  '; to use it in the strategy tester, click Load in the context menu of the Inputs tab',
  ';',
  '; 1. General',
  'EnableTrading=true||false||0||true||N',
  'MagicNumber=240501||240501||1||2405010||N',
  'OrderComment=PFDA',
  '; 5. Lot sizing',
  'LotMode=1||0||0||2||N',
  'RiskPercent=0.5||0.5||0.050000||5.000000||N',
  'SignalTimeframe=16385||0||0||49153||N',
  'TpLineColor=65280',
  '',
].join('\r\n');

/** MT5 preset/profile variant: plain `Name=value`, no header, no ranges. */
const mt5PresetText = 'EnableTrading=true\r\nRiskPercent=1.0\r\nOrderComment=日本語コメント\r\nTrailingMode=1\r\n';

/** MT4: `Name=value` plus `,F` / `,1` / `,2` / `,3` lines, bools 0/1, doubles with 8 decimals, timeframe in minutes. */
const mt4Text = [
  'EnableTrading=1', 'EnableTrading,F=0', 'EnableTrading,1=0', 'EnableTrading,2=0', 'EnableTrading,3=1',
  'RiskPercent=0.50000000', 'RiskPercent,F=0', 'RiskPercent,1=0.50000000', 'RiskPercent,2=0.05000000', 'RiskPercent,3=5.00000000',
  'SignalTimeframe=60', 'SignalTimeframe,F=0', 'SignalTimeframe,1=0', 'SignalTimeframe,2=0', 'SignalTimeframe,3=43200',
  'SignalAppliedPrice=0', 'SignalAppliedPrice,F=0', 'SignalAppliedPrice,1=0', 'SignalAppliedPrice,2=0', 'SignalAppliedPrice,3=6',
  'OrderComment=PFDA',
  '',
].join('\r\n');

export const fixtures: Record<string, Uint8Array> = {
  mt5TesterUtf16Bom: utf16le(mt5TesterText, true),
  mt5PresetUtf16Bom: utf16le(mt5PresetText, true),
  mt5Utf16NoBom: utf16le(mt5TesterText, false),
  mt5Utf8: utf8(mt5PresetText, false),
  mt5Utf8Bom: utf8(mt5PresetText, true),
  mt5Lf: utf8(mt5TesterText.replace(/\r\n/g, '\n'), false),
  mt5NoFinalNewline: utf8(mt5TesterText.trimEnd(), false),
  mt4AnsiCrlf: ascii(mt4Text),
  mt4AnsiLf: ascii(mt4Text.replace(/\r\n/g, '\n')),
  mt4Cp1252: Uint8Array.from([...ascii('OrderComment=Caf'), 0xe9, ...ascii('\r\nEnableTrading=1\r\nEnableTrading,F=0\r\n')]),
  mt4ShiftJis: Uint8Array.from(iconv.encode('OrderComment=日本語のコメント\r\nEnableTrading=1\r\nEnableTrading,F=0\r\n', 'cp932')),
  invalidCp1252Bytes: Uint8Array.from([...ascii('OrderComment=A'), 0x81, 0x7f, ...ascii('\r\nRiskPercent=1.0\r\n')]),
  oddUtf16: Uint8Array.from([...utf16le('RiskPercent=1.0\r\n', true), 0x41]),
  loneSurrogate: Uint8Array.from([...utf16le('OrderComment=', true), 0x00, 0xd8, 0x0d, 0x00, 0x0a, 0x00]),
  empty: new Uint8Array(0),
};

export const utf16 = (text: string): Uint8Array => utf16le(text, true);
export const latin = ascii;
