import { foldDays, readStatement, StatementError } from '../src/index.js';
import { asText, firmDayOneHourBehind, fixture, serverDay, utf8 } from './load-fixture.js';

const report = fixture('ReportHistory-51234567.html');

describe('MT5 Trade History Report (UTF-16LE with BOM, as the terminal writes it)', () => {
  const statement = readStatement(report);

  it('reads the header: login, name, currency and server from the Account line, company, report date', () => {
    expect(statement.platform).toBe('mt5');
    expect(statement.account).toEqual({
      login: '51234567',
      name: 'Alex Example',
      currency: 'USD',
      server: 'ExamplePropMarkets-Live',
      company: 'Example Prop Markets Ltd.',
    });
    expect(statement.generatedAt).toBe('2024-03-07 18:20:00');
    expect(statement.openingBalance).toBe('0.00');
    expect(statement.summary).toEqual({ balance: '7738.95', closedPnl: '-256.05' });
  });

  it('takes every deal from the Deals table, one transaction each, with exact amounts and server-local times', () => {
    expect(statement.transactions.map((t) => [t.ticket, t.kind, t.entry])).toEqual([
      ['1001', 'deposit', null],
      ['1002', 'trade', 'in'],
      ['1003', 'trade', 'out'],
      ['1004', 'trade', 'in'],
      ['1005', 'trade', 'out'],
      ['1006', 'trade', 'in'],
      ['1007', 'trade', 'out'],
      ['1008', 'withdrawal', null],
      ['1009', 'trade', 'in'],
      ['1010', 'trade', 'out'],
      ['1011', 'credit', null],
      ['1012', 'commission', null],
    ]);
    expect(statement.transactions[4]).toEqual({
      kind: 'trade',
      ticket: '1005',
      time: '2024-03-05 10:05:41',
      symbol: 'XAUUSD',
      profit: '-325.00',
      commission: '-2.00',
      swap: '-4.25',
      fee: '0.00',
      comment: '[sl 2121.90]',
      entry: 'out',
    });
    // The in-deal's commission is its own transaction, charged when the position opened.
    expect(statement.transactions[1]).toMatchObject({ time: '2024-03-04 09:15:03', commission: '-3.50', profit: '0.00' });
    expect(statement.transactions[7]).toMatchObject({ profit: '-2000.00', symbol: null, comment: 'Withdrawal' });
    expect(statement.transactions[9]).toMatchObject({ fee: '-1.50', profit: '-91.00' });
  });

  it('folds into server days: closed P&L without deposits, end-of-day balance with them', () => {
    const { days, skipped } = foldDays(statement.transactions, { dayOf: serverDay });
    expect(days).toEqual([
      // 03-04: deposit 10 000; P&L = in-deal commission -3.50 + (out -3.50 + 138.00) + gold in-deal -2.00 = 129.00
      //        balance 10 000 + 129.00 = 10 129.00; one closing deal (1003)
      { day: '2024-03-04', closedPnl: '129.00', deposits: '10000.00', withdrawals: '0.00', balance: '10129.00', trades: 1 },
      // 03-05: gold out -2.00 - 4.25 - 325.00 = -331.25, GBPUSD in at 23:40 -1.05 → -332.30; 10 129.00 - 332.30 = 9 796.70
      { day: '2024-03-05', closedPnl: '-332.30', deposits: '0.00', withdrawals: '0.00', balance: '9796.70', trades: 1 },
      // 03-06: GBPUSD out at 00:02:55 (just after midnight) -1.05 - 1.20 + 42.00 = 39.75; US30 in 0.00;
      //        US30 out fee -1.50 - 91.00 = -92.50 → 39.75 - 92.50 = -52.75; withdrawal 2 000
      //        9 796.70 - 52.75 - 2 000 = 7 743.95
      { day: '2024-03-06', closedPnl: '-52.75', deposits: '0.00', withdrawals: '2000.00', balance: '7743.95', trades: 2 },
      // 03-07: the credit moves no balance (skipped); the platform commission deal -5.00 → 7 738.95
      { day: '2024-03-07', closedPnl: '-5.00', deposits: '0.00', withdrawals: '0.00', balance: '7738.95', trades: 0 },
    ]);
    expect(skipped).toEqual([{ ticket: '1011', reason: expect.stringContaining('credit') as string }]);
    // The last day's balance is the report's own summary balance.
    expect(days.at(-1)?.balance).toBe(statement.summary?.balance);
  });

  it("puts the trade closed at 00:02:55 on the firm's previous day when the firm day starts an hour later", () => {
    const { days } = foldDays(statement.transactions, { dayOf: firmDayOneHourBehind });
    expect(days.map((d) => [d.day, d.closedPnl, d.withdrawals, d.balance, d.trades])).toEqual([
      ['2024-03-04', '129.00', '0.00', '10129.00', 1],
      // -332.30 + 39.75 (GBPUSD out, now 23:02:55 of the 5th) = -292.55; 10 129.00 - 292.55 = 9 836.45
      ['2024-03-05', '-292.55', '0.00', '9836.45', 2],
      // -92.50 and the withdrawal: 9 836.45 - 92.50 - 2 000 = 7 743.95
      ['2024-03-06', '-92.50', '2000.00', '7743.95', 1],
      ['2024-03-07', '-5.00', '0.00', '7738.95', 0],
    ]);
  });

  it('reads the UTF-8 copy (with or without BOM) to the same statement', () => {
    const copy = fixture('ReportHistory-51234567.utf8.html');
    expect(readStatement(copy)).toEqual(statement);
    expect(readStatement(new Uint8Array([0xef, 0xbb, 0xbf, ...copy]))).toEqual(statement);
  });

  it('reads UTF-16LE whose BOM was stripped', () => {
    expect(readStatement(report.subarray(2))).toEqual(statement);
  });

  it('refuses the copy cut off inside the Deals table as truncated', () => {
    expect(() => readStatement(fixture('ReportHistory-51234567.truncated.html'))).toThrow(
      expect.objectContaining({ code: 'truncated' }) as StatementError,
    );
  });

  const html = asText(fixture('ReportHistory-51234567.utf8.html'));
  const tampered = (from: string, to: string): Uint8Array => {
    expect(html.includes(from)).toBe(true);
    return utf8(html.replace(from, to));
  };

  it('refuses a deal whose amount disagrees with the Balance column (a misread or edited row)', () => {
    const bytes = tampered('<td nowrap>138.00</td>', '<td nowrap>183.00</td>');
    expect(() => readStatement(bytes)).toThrow(/Deal 1003 .*Balance column says 10131\.00/);
  });

  it('refuses a table whose totals row does not match its rows (a deal row went missing)', () => {
    const start = html.indexOf('<tr bgcolor="#F7F7F7" align="right"><td nowrap>2024.03.07 12:00:00');
    const end = html.indexOf('</tr>', start) + '</tr>'.length;
    expect(() => readStatement(utf8(html.slice(0, start) + html.slice(end)))).toThrow(
      expect.objectContaining({ code: 'truncated' }) as StatementError,
    );
  });

  it('refuses a report without its closing tags, and one without a summary', () => {
    expect(() => readStatement(utf8(html.replace('</html>', '')))).toThrow(
      expect.objectContaining({ code: 'truncated' }) as StatementError,
    );
    expect(() => readStatement(tampered('Balance:</td>', 'Saldo:</td>'))).toThrow(/summary/);
  });

  it('reports a period export: the opening balance comes from the Balance column, and folding from it ends at the report balance', () => {
    // Without the deposit row the first deal's Balance (9 996.50) says 10 000.00 was there before it.
    const start = html.indexOf('<tr bgcolor="#FFFFFF" align="right"><td nowrap>2024.03.04 08:00:12');
    const end = html.indexOf('</tr>', start) + '</tr>'.length;
    const period = html
      .slice(0, start)
      .concat(html.slice(end))
      .replace('<td nowrap><b>8 259.00</b></td>', '<td nowrap><b>-1 741.00</b></td>');
    const s = readStatement(utf8(period));
    expect(s.openingBalance).toBe('10000.00');
    const { days } = foldDays(s.transactions, { dayOf: serverDay, openingBalance: s.openingBalance });
    expect(days.at(-1)?.balance).toBe('7738.95');
  });

  it('names a non-English report as such', () => {
    expect(() =>
      readStatement(tampered('<td nowrap><b>Direction</b></td>', '<td nowrap><b>Direction</b></td>'.replace('Direction', 'Richtung'))),
    ).toThrow(/English/);
  });
});
