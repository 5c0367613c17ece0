// The news windows /guard answers (`news`), read by each EA: inside a window a trade in a symbol it restricts is
// refused (NewsAllowsOpen, NewsRefusal) and the window leads the chart's levels; outside it, or for a symbol it does
// not restrict, nothing. Run on the small MQL runtime.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { clangAvailable, readMqlSource, runMql } from '../../../tools/mql-check/mql-check.js';

const EAS = {
  mql5: fileURLToPath(new URL('../mql5/PropfolioTracker.mq5', import.meta.url)),
  mql4: fileURLToPath(new URL('../mql4/PropfolioTracker.mq4', import.meta.url)),
};

/** The guard route's answer for a funded FTMO account: NFP (USD) at 13:30 UTC, restricted 2 minutes either side. */
const ANSWER = JSON.stringify({
  accountId: '0b7c2f55-3f0e-4a8e-9a43-5f8d7d0c9e21',
  at: '2026-12-04T13:00:00Z',
  currency: 'USD',
  status: 'ok',
  breach: null,
  dailyFloor: 97490.45,
  dailyLossLimit: 5000,
  maxLossFloor: 90000,
  maxLossLimit: 10000,
  firmDayEndsAt: '2026-12-04T23:00:00Z',
  alertThresholds: { dailyLoss: [50, 25, 10], maxLoss: [50, 25, 10] },
  news: {
    rule: {
      windowBeforeMinutes: 2,
      windowAfterMinutes: 2,
      stages: ['funded'],
      impacts: ['high'],
      instruments: { byCurrency: true, symbols: [] },
      penalty: 'breach',
      penaltyPercent: null,
    },
    stage: 'funded',
    windows: [
      {
        start: '2026-12-04T13:28:00Z',
        end: '2026-12-04T13:32:00Z',
        release: { at: '2026-12-04T13:30:00Z', currency: 'USD', impact: 'high', title: 'Non-Farm Employment Change' },
        symbols: ['EURUSD', 'XAUUSD'],
      },
    ],
  },
});

const at = (hh: number, mm: number) => String(Date.UTC(2026, 11, 4, hh, mm) / 1000);

/** After reading the answer, one block per (symbol, instant): whether a trade may open, the refusal, the chart. */
function driver(looks: [string, number, number][]): string {
  const prints = looks.map(
    ([
      symbol,
      hh,
      mm,
    ]) => `  std::printf("%s\\n%s%s\\n--\\n", NewsAllowsOpen(mql_runtime_string("${symbol}"), ${at(hh, mm)}) ? "open" : "refused",
    mql_runtime_utf8(NewsRefusal(mql_runtime_string("${symbol}"), ${at(hh, mm)})).c_str(), mql_runtime_utf8(GuardStatus(98100, ${at(hh, mm)})).c_str());`,
  );
  return `
int main() {
  g_serverOffset = 7200; // a server clock at UTC+2
  g_currency = mql_runtime_string("USD");
  UseGuardLevels(mql_runtime_string(R"J(${ANSWER})J"));
${prints.join('\n')}
  UseGuardLevels(mql_runtime_string(R"J({"dailyFloor":97490.45,"maxLossFloor":90000,"firmDayEndsAt":"2026-12-04T23:00:00Z"})J"));
  std::printf("%s\\n--\\n", NewsAllowsOpen(mql_runtime_string("EURUSD"), ${at(13, 30)}) ? "open" : "refused");
}
`;
}

const WINDOW =
  'until 2026.12.04 15:32 server time (USD Non-Farm Employment Change at 2026.12.04 15:30 server time; inside it the account fails)';

(clangAvailable() ? describe : describe.skip)('the EAs refuse a trade inside a news window from /guard', () => {
  it.each(Object.entries(EAS))('%s: EURUSD inside the USD window is refused and shown; outside, or GBPJPY, it is not', (_dialect, path) => {
    const out = runMql(
      readMqlSource(path),
      path,
      driver([
        ['EURUSD', 13, 30],
        ['EURUSD', 13, 28], // the start is included
        ['EURUSD', 13, 33],
        ['GBPJPY', 13, 30],
        ['EURUSD.r', 13, 30], // the route names the account's own symbols: another one is not matched
      ]),
    );
    const blocks = out.split('--\n').map((b) => b.split('\n').filter((line) => /^(open|refused|NEWS|equity)/.test(line)));
    const chartInside = [`NEWS WINDOW: no new trades in EURUSD, XAUUSD ${WINDOW}`, expect.stringMatching(/^equity 98100 USD/)];
    expect(blocks[0]).toEqual(['refused', `NEWS WINDOW: no new EURUSD trade ${WINDOW}`, ...chartInside]);
    expect(blocks[1]).toEqual(['refused', `NEWS WINDOW: no new EURUSD trade ${WINDOW}`, ...chartInside]);
    expect(blocks[2]).toEqual(['open', expect.stringMatching(/^equity 98100 USD/)]);
    // Another symbol trades freely, though the chart still shows the window open for the ones it restricts.
    expect(blocks[3]).toEqual(['open', ...chartInside]);
    expect(blocks[4]).toEqual(['open', ...chartInside]);
    // An answer without `news` (a server before it) restricts nothing.
    expect(blocks[5]).toEqual(['open']);
  });

  it.each(Object.entries(EAS))('%s: a window is logged once when it opens, and again only when it opens anew', (_dialect, path) => {
    const looks = [
      [13, 27],
      [13, 29],
      [13, 30],
      [13, 33],
      [13, 30],
    ] as const;
    const out = runMql(
      readMqlSource(path),
      path,
      `
#include <unistd.h>
int main() {
  dup2(1, 2); // the journal (Print: stderr) to the output read
  g_serverOffset = 7200;
  g_currency = mql_runtime_string("USD");
  UseGuardLevels(mql_runtime_string(R"J(${ANSWER})J"));
  UseGuardLevels(mql_runtime_string(R"J(${ANSWER})J")); // read again each interval: the same window
${looks.map(([hh, mm]) => `  NoteNewsWindows(${at(hh, mm)});`).join('\n')}
}
`,
    );
    const logged = out.split('\n').filter((line) => line.includes('NEWS WINDOW'));
    expect(logged).toEqual([
      `PropfolioTracker: NEWS WINDOW: no new trades in EURUSD, XAUUSD ${WINDOW}`,
      expect.stringContaining('NEWS WINDOW'),
    ]);
  });
});
