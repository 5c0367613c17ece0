import { MAX_STATEMENT_BYTES, readStatement, StatementError } from '../src/index.js';
import { fixture, utf8 } from './load-fixture.js';

function caught(run: () => unknown): StatementError {
  try {
    run();
  } catch (e) {
    if (e instanceof StatementError) return e;
    throw e;
  }
  throw new Error('expected a StatementError');
}

describe('what readStatement refuses', () => {
  it('an Excel report (zip header): unsupported_format, with the HTML export named', () => {
    const e = caught(() => readStatement(fixture('ReportHistory-51234567.xlsx')));
    expect(e.code).toBe('unsupported_format');
    expect(e.message).toMatch(/export the report as HTML/);
    expect(e.name).toBe('StatementError');
  });

  it('old .xls and PDF files: unsupported_format', () => {
    expect(caught(() => readStatement(Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).code).toBe('unsupported_format');
    expect(caught(() => readStatement(utf8('%PDF-1.7\n'))).code).toBe('unsupported_format');
  });

  it('HTML that is not a MetaTrader statement, and text that is not HTML: not_a_statement', () => {
    expect(caught(() => readStatement(fixture('not-a-statement.html'))).code).toBe('not_a_statement');
    expect(caught(() => readStatement(utf8('Ticket,Open Time,Type\n1,2024.01.01,buy\n'))).code).toBe('not_a_statement');
    expect(caught(() => readStatement(new Uint8Array(0))).code).toBe('not_a_statement');
  });

  it('a strategy tester report: not_a_statement, saying what it is', () => {
    const tester = utf8(
      '<html><head><title>Strategy Tester: Moving Average</title></head><body><table><tr><td>x</td></tr></table></body></html>',
    );
    const e = caught(() => readStatement(tester));
    expect(e.code).toBe('not_a_statement');
    expect(e.message).toMatch(/strategy tester/);
  });

  it('over maxBytes (default 5 MiB): too_large, before reading anything', () => {
    expect(MAX_STATEMENT_BYTES).toBe(5 * 1024 * 1024);
    expect(caught(() => readStatement(fixture('ReportHistory-51234567.html'), { maxBytes: 1000 })).code).toBe('too_large');
    expect(caught(() => readStatement(new Uint8Array(MAX_STATEMENT_BYTES + 1))).code).toBe('too_large');
  });

  it('a deal row with an amount that is not a number: malformed, naming the deal', () => {
    const html = new TextDecoder()
      .decode(fixture('ReportHistory-51234567.utf8.html'))
      .replace('<td nowrap>-325.00</td>', '<td nowrap>-3x5.00</td>');
    const e = caught(() => readStatement(utf8(html)));
    expect(e.code).toBe('malformed');
    expect(e.message).toMatch(/deal 1005/);
  });
});
