import { foldDays, readStatement, StatementError } from '../src/index.js';
import { asText, fixture, serverDay, utf8 } from './load-fixture.js';

const bytes = fixture('Statement-2089123.htm');

describe('MT4 Detailed Statement (windows-1252, as its <meta> says)', () => {
  const statement = readStatement(bytes);

  it('reads the header, decoding the code page (ç, è, and the en dash at 0x96)', () => {
    expect(statement.platform).toBe('mt4');
    expect(statement.account).toEqual({
      login: '2089123',
      name: 'François Lefèvre',
      currency: 'USD',
      server: null,
      company: 'Example Markets Ltd.',
    });
    expect(statement.generatedAt).toBe('2024-02-16 18:05:00');
    expect(statement.summary).toEqual({ closedPnl: '17.73', deposits: '4000.00', balance: '4017.73' });
  });

  it('reads closed trades at their close time, balance and credit rows, and skips the cancelled order', () => {
    expect(statement.transactions.map((t) => [t.ticket, t.kind, t.time])).toEqual([
      ['40001000', 'deposit', '2024-02-12 07:30:00'],
      ['40001005', 'trade', '2024-02-12 12:44:05'],
      ['40001010', 'trade', '2024-02-13 10:15:00'],
      ['40001020', 'trade', '2024-02-14 00:04:31'],
      ['40001025', 'withdrawal', '2024-02-14 09:00:00'],
      ['40001030', 'trade', '2024-02-15 16:20:00'],
      ['40001031', 'credit', '2024-02-15 08:00:00'],
    ]);
    expect(statement.transactions[1]).toEqual({
      kind: 'trade',
      ticket: '40001005',
      time: '2024-02-12 12:44:05',
      symbol: 'eurusd',
      profit: '125.00',
      commission: '-3.50',
      swap: '0.00',
      fee: '0.00',
      comment: 'scalp – test',
      entry: 'out',
    });
    expect(statement.transactions[2]?.comment).toBe('[sl]');
    expect(statement.transactions[4]).toMatchObject({ profit: '-1000.00', comment: 'Withdrawal' });
  });

  it('folds into server days; the deposit is not profit and the trade closed at 00:04:31 counts on the 14th', () => {
    const { days, skipped } = foldDays(statement.transactions, { dayOf: serverDay });
    expect(days).toEqual([
      // 02-12: deposit 5 000; EURUSD 125.00 - 3.50 = 121.50 → 5 121.50
      { day: '2024-02-12', closedPnl: '121.50', deposits: '5000.00', withdrawals: '0.00', balance: '5121.50', trades: 1 },
      // 02-13: GBPUSD -190.00 - 7.00 - 2.35 = -199.35 → 4 922.15
      { day: '2024-02-13', closedPnl: '-199.35', deposits: '0.00', withdrawals: '0.00', balance: '4922.15', trades: 1 },
      // 02-14: USDJPY closed 00:04:31: 17.40 - 1.40 - 0.62 = 15.38; withdrawal 1 000 → 4 922.15 + 15.38 - 1 000 = 3 937.53
      { day: '2024-02-14', closedPnl: '15.38', deposits: '0.00', withdrawals: '1000.00', balance: '3937.53', trades: 1 },
      // 02-15: XAUUSD 82.00 - 0.70 - 1.10 = 80.20 → 4 017.73 (the 200 credit is not balance)
      { day: '2024-02-15', closedPnl: '80.20', deposits: '0.00', withdrawals: '0.00', balance: '4017.73', trades: 1 },
    ]);
    // 121.50 - 199.35 + 15.38 + 80.20 = 17.73, the Summary's Closed Trade P/L; 5 000 - 1 000 + 17.73 = 4 017.73
    expect(skipped.map((s) => s.ticket)).toEqual(['40001031']);
  });

  it('reads the Shift_JIS copy from a Japanese terminal', () => {
    const ja = readStatement(fixture('Statement-2089123.sjis.htm'));
    expect(ja.account.name).toBe('山田 太郎');
    expect(ja.transactions[1]?.comment).toBe('スキャルピング');
    expect(ja.transactions.map((t) => t.profit)).toEqual(statement.transactions.map((t) => t.profit));
  });

  // The same statement as text, to edit (it is plain ASCII apart from the name and comment).
  const html = new TextDecoder('windows-1252').decode(bytes);
  const edited = (from: string, to: string): Uint8Array => {
    expect(html.includes(from)).toBe(true);
    return utf8(html.replace(from, to).replace('charset=windows-1252', 'charset=utf-8'));
  };
  const code = (b: Uint8Array): string | undefined => {
    try {
      readStatement(b);
      return undefined;
    } catch (e) {
      return (e as StatementError).code;
    }
  };

  it('refuses a Summary that does not add up (Balance ≠ Deposit/Withdrawal + Closed Trade P/L), e.g. a period export', () => {
    expect(code(edited('<b>4 017.73</b>', '<b>5 017.73</b>'))).toBe('truncated');
    expect(() => readStatement(edited('<b>4 017.73</b>', '<b>5 017.73</b>'))).toThrow(/All History/);
  });

  it('refuses when a trade row was lost (Closed P/L no longer matches)', () => {
    const start = html.indexOf('<tr bgcolor=#E0E0E0 align=right><td title="">40001030');
    const end = html.indexOf('</tr>', start) + '</tr>'.length;
    expect(code(utf8(html.slice(0, start) + html.slice(end)))).toBe('truncated');
  });

  it('refuses a statement cut before its Summary', () => {
    expect(code(bytes.subarray(0, asText(bytes).indexOf('Summary:')))).toBe('truncated');
    expect(code(bytes.subarray(0, asText(bytes).indexOf('Closed P/L:')))).toBe('truncated');
  });

  it('accepts times without seconds, as older builds write them', () => {
    const s = readStatement(edited('2024.02.13 10:15:00', '2024.02.13 10:15'));
    expect(s.transactions[2]?.time).toBe('2024-02-13 10:15:00');
  });
});
