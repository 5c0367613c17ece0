// The EAs cannot be compiled here (MetaEditor runs on Windows only), so clang checks them against our declaration of
// MQL (tools/mql-check): every call to a known built-in, with the right number and types of arguments. The seeded
// mistakes below prove the check fails on each kind of error, at the EA's own line.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { checkMql, clangAvailable, readMqlSource } from '../../../tools/mql-check/mql-check.js';

const EAS = {
  mql5: fileURLToPath(new URL('../mql5/PropfolioTracker.mq5', import.meta.url)),
  mql4: fileURLToPath(new URL('../mql4/PropfolioTracker.mq4', import.meta.url)),
};

const HAVE_CLANG = clangAvailable();
// CI installs clang (.ci/run): there the check must run, never skip. Elsewhere a missing clang skips it, loudly.
if (!HAVE_CLANG && process.env.CI !== 'true')
  console.warn('clang++ not found: the MQL syntax and type check of the EAs is skipped (apt-get install clang to run it).');

describe('clang is there to check the EAs', () => {
  (process.env.CI === 'true' ? it : it.skip)('in CI', () => {
    expect(HAVE_CLANG).toBe(true);
  });
});

/** The EA with `from` (which must occur) replaced by `to` at its first occurrence, and the line of that place. */
function seeded(source: string, from: string, to: string): { source: string; line: number } {
  const at = source.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  return { source: source.slice(0, at) + to + source.slice(at + from.length), line: source.slice(0, at).split('\n').length };
}

(HAVE_CLANG ? describe : describe.skip)('the EAs pass the MQL syntax and type check', () => {
  it.each(Object.entries(EAS))('%s compiles', (_dialect, path) => {
    const result = checkMql(readMqlSource(path), path);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  // [what, EA, text, replacement, message, line of the error relative to the mistake's (clang names a missing return
  // at the function's closing brace)]
  const MISTAKES: [string, keyof typeof EAS, string, string, RegExp, number?][] = [
    ['an unknown function', 'mql5', 'StringLen(text)', 'StringLength(text)', /error: use of undeclared identifier 'StringLength'/],
    ['an unknown function', 'mql4', 'OrderProfit()', 'OrderProfits()', /error: use of undeclared identifier 'OrderProfits'/],
    [
      'a wrong argument count',
      'mql5',
      'HistoryDealGetDouble(ticket, DEAL_PROFIT)',
      'HistoryDealGetDouble(DEAL_PROFIT)',
      /error: no matching function for call to 'HistoryDealGetDouble'/,
    ],
    [
      'a wrong argument count',
      'mql4',
      'OrderSelect(i, SELECT_BY_POS, MODE_HISTORY)',
      'OrderSelect(i)',
      /error: no matching function for call to 'OrderSelect'/,
    ],
    [
      'a string where an array is wanted',
      'mql5',
      "StringSplit(headers, '\\n', lines)",
      "StringSplit(headers, '\\n', headers)",
      /error: no matching function for call to 'StringSplit'/,
    ],
    [
      'a property of another kind',
      'mql5',
      'HistoryDealGetInteger(ticket, DEAL_TIME)',
      'HistoryDealGetInteger(ticket, DEAL_PROFIT)',
      /error: no matching function for call to 'HistoryDealGetInteger'/,
    ],
    [
      'a number added to a string',
      'mql4',
      'IntegerToString(QueueSize())',
      'QueueSize()',
      /error: invalid operands to binary expression \('string' and 'int'\)/,
    ],
    [
      'a value passed for a reference',
      'mql5',
      'StringToLower(lower)',
      'StringToLower(Trim(line))',
      /error: no matching function for call to 'StringToLower'/,
    ],
    [
      'a structure passed by value',
      'mql5',
      'void Enqueue(QueueItem &item)',
      'void Enqueue(QueueItem item)',
      /error: structure parameter 'QueueItem item' of Enqueue\(\) must be passed by reference/,
    ],
    [
      'an array passed by value',
      'mql4',
      'bool WriteBytes(const int h, const string text)',
      'bool WriteBytes(const int h, const uchar bytes[])',
      /error: array parameter 'bytes' must be passed by reference/,
    ],
    [
      'a function that does not return on every path',
      'mql5',
      '   return StringSubstr(text, start, end - start);',
      '   StringSubstr(text, start, end - start);',
      /error: non-void function does not return a value/,
      1,
    ],
    [
      'an MQL5 function in MQL4',
      'mql4',
      'TimeCurrent() - TimeGMT()',
      'TimeTradeServer() - TimeGMT()',
      /error: use of undeclared identifier 'TimeTradeServer'/,
    ],
    [
      'a string where the lots are wanted',
      'mql4',
      'OrderClose(ticket, OrderLots(), OrderClosePrice()',
      'OrderClose(ticket, OrderSymbol(), OrderClosePrice()',
      /error: no matching function for call to 'OrderClose'/,
    ],
    [
      'a trade request without its result',
      'mql5',
      'OrderSend(request, result)',
      'OrderSend(request)',
      /error: no matching function for call to 'OrderSend'/,
    ],
    [
      'an MQL5 trade function in MQL4',
      'mql4',
      'OrderDelete(ticket)',
      'OrderGetTicket(ticket)',
      /error: use of undeclared identifier 'OrderGetTicket'/,
    ],
    [
      'an event handler with another signature',
      'mql5',
      'int OnInit()',
      'void OnInit()',
      /error: functions that differ only in their return type/,
    ],
  ];

  it.each(MISTAKES)('fails on %s (%s), at the line of the mistake', (_what, dialect, from, to, message, lineOffset = 0) => {
    const path = EAS[dialect];
    const mistake = seeded(readMqlSource(path), from, to);
    const result = checkMql(mistake.source, path);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(message);
    const first = result.output.split('\n').find((line) => / error: /.test(line) && line.startsWith(path));
    expect(first?.slice(path.length)).toMatch(new RegExp(`^:${mistake.line + lineOffset}:\\d+: error: `));
  });
});
