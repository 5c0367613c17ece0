// A floor already crossed, as /guard answers it (`breach`), shown by each EA on the chart before the levels: the
// attempt has failed at the firm, so the room left under the floors is no longer advice. Run on the small MQL runtime.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { clangAvailable, readMqlSource, runMql } from '../../../tools/mql-check/mql-check.js';

const EAS = {
  mql5: fileURLToPath(new URL('../mql5/PropfolioTracker.mq5', import.meta.url)),
  mql4: fileURLToPath(new URL('../mql4/PropfolioTracker.mq4', import.meta.url)),
};

/** The guard route's answer for the account: FTMO 2-Step 100k, equity dipped to 97,300 under 97,490.45 at 13:03 UTC. */
const answer = (breach: object | null) =>
  JSON.stringify({
    accountId: '0b7c2f55-3f0e-4a8e-9a43-5f8d7d0c9e21',
    at: '2026-11-26T14:55:00Z',
    currency: 'USD',
    status: breach ? 'breached' : 'ok',
    breach,
    dailyFloor: 97490.45,
    dailyComparison: 'below',
    dailyLossLimit: 5000,
    maxLossFloor: 90000,
    maxLossLimit: 10000,
    maxLossComparison: 'below',
    firmDayEndsAt: '2026-11-26T23:00:00Z',
    dailyFloorAfterReset: 97490.45,
    alertThresholds: { dailyLoss: [50, 25, 10], maxLoss: [50, 25, 10] },
  });

const DAILY = {
  rule: 'dailyLoss',
  day: '2026-11-26',
  at: '2026-11-26T13:03:00Z',
  atLocal: '2026-11-26T14:03:00+01:00',
  floor: 97490.45,
  lowestEquity: 97300,
  by: 190.45,
};

/** Reads each answer in turn and prints the chart's guard lines after it, one block per answer ending in "--". */
function driver(answers: string[]): string {
  const reads = answers.map(
    (a) => `  UseGuardLevels(mql_runtime_string(R"J(${a})J"));
  std::printf("%s\\n--\\n", mql_runtime_utf8(GuardStatus(98100, ${String(Date.UTC(2026, 10, 26, 14, 55) / 1000)})).c_str());`,
  );
  return `
int main() {
  g_serverOffset = 7200; // a server clock at UTC+2
  g_currency = mql_runtime_string("USD");
${reads.join('\n')}
}
`;
}

(clangAvailable() ? describe : describe.skip)('the EAs show a breach from /guard first', () => {
  it.each(Object.entries(EAS))('%s: the breach line leads the chart, with the rule, the server time and the amount', (_dialect, path) => {
    const maxLoss = { ...DAILY, rule: 'maxLoss', at: null, floor: 90000, lowestEquity: 89999, by: 1 };
    const out = runMql(readMqlSource(path), path, driver([answer(DAILY), answer(null), answer(maxLoss)]));
    const blocks = out.split('--\n').map((b) => b.split('\n').filter((line) => line.startsWith('BREACHED') || line.startsWith('equity')));
    expect(blocks[0]).toEqual([
      'BREACHED: the daily loss floor 97490.45 was crossed at 2026.11.26 15:03 server time by 190.45 USD; the attempt has failed at the firm',
      expect.stringMatching(/^equity 98100 USD \| daily floor 97490.45/),
    ]);
    // Once the route no longer reports one, nor does the chart.
    expect(blocks[1]?.[0]).toMatch(/^equity 98100 USD/);
    // Without an instant the firm day is named.
    expect(blocks[2]?.[0]).toBe(
      'BREACHED: the maximum loss floor 90000 was crossed on 2026-11-26 by 1 USD; the attempt has failed at the firm',
    );
  });
});
