import { fixtures, latin, utf16 } from '../__fixtures__/fixtures.js';
import { diagnoseSet } from '../api/diagnose-set.js';
import { buildSet } from '../build/build-set.js';

const find = (content: Uint8Array | string, code: string, format: 'mt5' | 'mt4' | 'auto' = 'auto') =>
  diagnoseSet({ content, format }).findings.filter((f) => f.code === code);

describe('file-level findings', () => {
  it('reports an unknown input with a did-you-mean and its line and column', () => {
    const [f] = find('RiskPercnt=1.0\r\n', 'unknown_input');
    expect(f).toMatchObject({ line: 1, column: 1, fix: { kind: 'rename', from: 'RiskPercnt', to: 'RiskPercent' } });
    expect(f?.message.en).toContain('Did you mean RiskPercent');
  });

  it('summarises the inputs a file leaves out as one finding by default', () => {
    const { findings } = diagnoseSet({ content: 'RiskPercent=1.0\r\n' });
    expect(findings.filter((f) => f.code === 'missing_input')).toEqual([]);
    const summary = findings.filter((f) => f.code === 'missing_inputs');
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatchObject({ severity: 'info', line: null, fix: null });
    expect(summary[0]?.message.en).toMatch(/^\d{3} inputs are not in the file/);
  });

  it('lists each missing input with the MT5 behaviour and the default as fix when detail is full', () => {
    const missing = diagnoseSet({ content: 'RiskPercent=1.0\r\n', detail: 'full' }).findings.filter((f) => f.code === 'missing_input');
    expect(missing.length).toBeGreaterThan(200);
    expect(missing.find((f) => f.name === 'RiskPercent')).toBeUndefined();
    expect(missing.find((f) => f.name === 'MagicNumber')).toMatchObject({
      severity: 'info',
      number: '1-2',
      line: null,
      fix: { value: '240501' },
    });
  });

  it.each([
    ['MagicNumber=abc', 'type_error', '240501'],
    ['RiskPercent=2,5', 'decimal_comma', '2.5'],
    ['RiskPercent=50', 'out_of_range', '20.0'],
    ['LotMode=7', 'invalid_enum', '1'],
    ['SignalTimeframe=60', 'invalid_timeframe', '16385'],
    ['TradeStartTime=9:00', 'invalid_format', '09:00'],
    ['EnableTrading=maybe', 'type_error', 'true'],
  ])('%s → %s with fix %s', (line, code, value) => {
    const [f] = find(`${line}\r\n`, code, 'mt5');
    expect(f).toMatchObject({ severity: 'error', line: 1, column: line.indexOf('=') + 2, fix: { kind: 'set_value', value } });
  });

  it('flags numeric bools in MT5, old names, duplicates and malformed lines', () => {
    const text = 'EnableTrading=1\r\nLots=0.1\r\nRiskPercent=1.0\r\nRiskPercent=2.0\r\nthis is not an input\r\n';
    const codes = diagnoseSet({ content: text, format: 'mt5' }).findings.map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['numeric_bool', 'renamed_input', 'duplicate_input', 'malformed_line']));
  });

  it('flags optimisation flags left on for live use only', () => {
    const text = 'RiskPercent=1.0||0.5||0.1||2.0||Y\r\n';
    expect(find(text, 'optimization_flag_on')).toHaveLength(1);
    expect(diagnoseSet({ content: text, purpose: 'tester' }).findings.map((f) => f.code)).not.toContain('optimization_flag_on');
    expect(find(fixtures['mt4AnsiCrlf']?.slice() ?? '', 'optimization_flag_on')).toHaveLength(0);
  });

  it('detects an MT4 file given as MT5 and the reverse', () => {
    expect(find(fixtures['mt4AnsiCrlf'] as Uint8Array, 'mt4_file_as_mt5', 'mt5')[0]).toMatchObject({
      severity: 'error',
      fix: { kind: 'convert_format', to: 'mt5' },
    });
    expect(find(fixtures['mt5TesterUtf16Bom'] as Uint8Array, 'mt5_file_as_mt4', 'mt4')).toHaveLength(1);
    expect(diagnoseSet({ content: fixtures['mt4AnsiCrlf'] as Uint8Array }).format).toBe('mt4');
  });

  it('reads MT4 values in MT4 terms (timeframe minutes, applied price from 0)', () => {
    const codes = diagnoseSet({ content: fixtures['mt4AnsiCrlf'] as Uint8Array }).findings.filter((f) => f.severity !== 'info');
    expect(codes).toEqual([]);
  });

  it('reports encoding problems', () => {
    expect(find(fixtures['invalidCp1252Bytes'] as Uint8Array, 'invalid_bytes')[0]).toMatchObject({ line: 1, column: 15 });
    expect(find(fixtures['mt5Utf8'] as Uint8Array, 'non_utf16_text')).toHaveLength(1);
    expect(find(utf16('EnableTrading=1\r\nEnableTrading,F=0\r\n'), 'mt4_not_ansi')).toHaveLength(1);
    expect(find(fixtures['oddUtf16'] as Uint8Array, 'truncated_utf16')).toHaveLength(1);
  });

  it('reports binary data and empty files without throwing', () => {
    expect(find(Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 3, 0, 0, 9]), 'binary_content')).toHaveLength(1);
    expect(find(new Uint8Array(0), 'no_inputs')).toHaveLength(1);
  });

  it('cannot be polluted through __proto__ and friends', () => {
    const result = diagnoseSet({ content: '__proto__=1\r\nconstructor=2\r\nhasOwnProperty=3\r\n' });
    expect(result.findings.filter((f) => f.code === 'unknown_input')).toHaveLength(3);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('1');
  });

  it('a built default file has no error or warning findings', () => {
    const built = buildSet({ changes: [] });
    const r = diagnoseSet({ content: built.bytes });
    expect(r.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(r.summary).toEqual({ errors: 0, warnings: 0, infos: 0 });
    expect(latin('x')).toHaveLength(1);
  });
});
