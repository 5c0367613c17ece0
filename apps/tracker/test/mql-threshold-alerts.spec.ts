// The EAs' own alerts at the alert thresholds, run on the small MQL runtime: each EA reads the route's answer
// (UseGuardLevels) and takes its decision (ThresholdAlertsStep) along a simulated equity path; every step's alerts (their
// text) and state must be the reference tracker's (thresholdAlertsStep in src/threshold-alerts.ts) on the same path.
// Then the EA's alerting itself (ThresholdAlerts) on a fake terminal: the journal line, and the push notification
// only when the terminal has notifications enabled.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { clangAvailable, readMqlSource, runMql } from '../../../tools/mql-check/mql-check.js';
import { THRESHOLD_ALERTS_START, thresholdAlertsStep, type AlertLevels, type ThresholdAlertState } from '../src/threshold-alerts.js';

const EAS = {
  mql5: fileURLToPath(new URL('../mql5/PropfolioTracker.mq5', import.meta.url)),
  mql4: fileURLToPath(new URL('../mql4/PropfolioTracker.mq4', import.meta.url)),
};

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 30, 8, 0, 0); // the firm day ends at 22:00 UTC
const THRESHOLDS = { dailyLoss: [50, 25, 10], maxLoss: [50, 25, 10] };
const monday: AlertLevels = {
  dailyFloor: 95000,
  dailyLossLimit: 5000,
  maxLossFloor: 90000,
  maxLossLimit: 10000,
  firmDayEndsAt: '2026-03-30T22:00:00Z',
  alertThresholds: THRESHOLDS,
};
const tuesday: AlertLevels = { ...monday, dailyFloor: 94200, firmDayEndsAt: '2026-03-31T22:00:00Z' };
const wednesday: AlertLevels = { ...monday, firmDayEndsAt: '2026-04-01T22:00:00Z' };
// A plan without a daily rule and a route that knows no firm day; then one with other thresholds.
const noDaily: AlertLevels = { ...monday, dailyFloor: null, dailyLossLimit: null, firmDayEndsAt: null };
const own: AlertLevels = { ...monday, firmDayEndsAt: '2026-04-03T22:00:00Z', alertThresholds: { dailyLoss: [], maxLoss: [45] } };
const ACCOUNT = { login: '5012345', currency: 'USD' };

type Step = [number, number, AlertLevels | null];
const PATH: Step[] = [
  [T0, 99000, monday],
  [T0 + 1 * HOUR, 97400, monday], // 48 % of the day left: 50
  [T0 + 2 * HOUR, 97600, monday], // back above
  [T0 + 3 * HOUR, 97450, monday], // hovering: nothing
  [T0 + 4 * HOUR, 95400, monday], // past 25 and 10 at once: 10 only
  [T0 + 5 * HOUR, 96000, monday], // a little back: nothing
  [T0 + 14 * HOUR, 95100, monday], // 22:00 UTC: the daily floor is yesterday's
  [T0 + 16 * HOUR, 96000, tuesday], // the next firm day: 50 again
  [T0 + 17 * HOUR, 94900, tuesday], // both rules at once
  [T0 + 18 * HOUR, 93000, tuesday], // below the daily floor: 10
  [T0 + 19 * HOUR, 92400, null], // the levels could not be read (409/422): nothing, the state kept
  [T0 + 20 * HOUR, 92400, tuesday], // 24 % of the max: 25
  [T0 + 40 * HOUR, 96250.2, wednesday], // 25.004 % rounds to 25.00: 25, as the service rounds
  [T0 + 41 * HOUR, 94999.99, wednesday], // a cent below the floor: 0.00 % (never -0.00): 10
  [T0 + 42 * HOUR, 90500, noDaily], // no daily rule, no firm day: the maximum loss only, 10
  [T0 + 43 * HOUR, 90400, noDaily],
  [T0 + 80 * HOUR, 94400, own], // 44 % of the max: the trader's own 45
  [T0 + 81 * HOUR, 94000, own],
];

/** One line per step: instant (s), the alerts' texts or "none", and the state after it (seconds, -1 for none). */
function referenceLines(enabled: boolean, path: Step[]): string[] {
  let state: ThresholdAlertState = THRESHOLD_ALERTS_START;
  return path.map(([at, equity, levels]) => {
    const step = thresholdAlertsStep(enabled, ACCOUNT, levels, equity, state, at);
    state = step.state;
    const said = step.alerts.length === 0 ? 'none' : step.alerts.map((a) => a.message).join(' || ');
    const s = `${String((state.dayEndsMs ?? 0) / 1000)} ${String(state.dailyRaised ?? -1)} ${String(state.maxRaised ?? -1)}`;
    return `${String(at / 1000)} ${said} | ${s}`;
  });
}

/** The route's answer for the levels, as the service gives it. */
function answer(levels: AlertLevels, at: number): string {
  return JSON.stringify({
    accountId: '0b7c2f55-3f0e-4a8e-9a43-5f8d7d0c9e21',
    at: new Date(at).toISOString(),
    currency: 'USD',
    status: 'ok',
    dailyFloor: levels.dailyFloor,
    dailyComparison: levels.dailyFloor === null ? null : 'below',
    dailyLossLimit: levels.dailyLossLimit,
    maxLossFloor: levels.maxLossFloor,
    maxLossLimit: levels.maxLossLimit,
    maxLossComparison: 'below',
    firmDayEndsAt: levels.firmDayEndsAt,
    dailyFloorAfterReset: levels.dailyFloor,
    alertThresholds: levels.alertThresholds,
  });
}

/** The same path as a C++ driver over the EA's own functions. */
function driver(enabled: boolean, path: Step[]): string {
  const steps = path.map(([at, equity, levels]) => {
    const read = levels === null ? 'g_guardHasLevels = false;' : `UseGuardLevels(mql_runtime_string(R"J(${answer(levels, at)})J"));`;
    return `  ${read} step(${String(at / 1000)}, ${String(equity)});`;
  });
  return `
static void step(datetime at, double equity) {
  MqlArray<string> said;
  int n = ThresholdAlertsStep(${String(enabled)}, equity, at, said);
  std::string text = n == 0 ? std::string("none") : std::string();
  for (int i = 0; i < n; i++) text += (i > 0 ? " || " : "") + mql_runtime_utf8(said[i]);
  std::printf("%ld %s | %ld %d %d\\n", (long)at, text.c_str(), (long)g_alertDayEnds, g_alertDailyRaised, g_alertMaxRaised);
}
int main() {
  g_login = mql_runtime_string("${ACCOUNT.login}");
  g_currency = mql_runtime_string("${ACCOUNT.currency}");
${steps.join('\n')}
}
`;
}

(clangAvailable() ? describe : describe.skip)('the EAs’ threshold alerts decide as the reference tracker’s', () => {
  it('the path raises the deepest new threshold per rule, once per firm day (the reference itself)', () => {
    const raised = referenceLines(true, PATH).filter((line) => !line.includes(' none | '));
    expect(raised.map((line) => line.split(' ').slice(0, 5).join(' '))).toEqual([
      `${String((T0 + 1 * HOUR) / 1000)} Propfolio 5012345: daily loss`,
      `${String((T0 + 4 * HOUR) / 1000)} Propfolio 5012345: daily loss`,
      `${String((T0 + 16 * HOUR) / 1000)} Propfolio 5012345: daily loss`,
      `${String((T0 + 17 * HOUR) / 1000)} Propfolio 5012345: daily loss`,
      `${String((T0 + 18 * HOUR) / 1000)} Propfolio 5012345: daily loss`,
      `${String((T0 + 20 * HOUR) / 1000)} Propfolio 5012345: maximum loss`,
      `${String((T0 + 40 * HOUR) / 1000)} Propfolio 5012345: daily loss`,
      `${String((T0 + 41 * HOUR) / 1000)} Propfolio 5012345: daily loss`,
      `${String((T0 + 42 * HOUR) / 1000)} Propfolio 5012345: maximum loss`,
      `${String((T0 + 80 * HOUR) / 1000)} Propfolio 5012345: maximum loss`,
    ]);
    expect(raised[3]).toContain(' || Propfolio 5012345: maximum loss 50% or less left: 4900 USD (49.00%) left to the floor 90000 | ');
    expect(raised[7]).toContain(
      'daily loss 10% or less left: -0.01 USD (0.00%) left to the floor 95000; the firm day ends 2026-04-01 22:00 UTC',
    );
  });

  it.each(Object.entries(EAS))('%s: every step as thresholdAlertsStep, texts included', (_dialect, path) => {
    const lines = runMql(readMqlSource(path), path, driver(true, PATH)).trim().split('\n');
    expect(lines).toEqual(referenceLines(true, PATH));
  });

  it.each(Object.entries(EAS))('%s: off raises nothing', (_dialect, path) => {
    const lines = runMql(readMqlSource(path), path, driver(false, PATH)).trim().split('\n');
    expect(lines).toEqual(referenceLines(false, PATH));
    expect(lines.every((line) => line.includes(' none | 0 -1 -1'))).toBe(true);
  });
});

/** The fake terminal for ThresholdAlerts: equity and the notifications switch from the driver; what is pushed printed. */
const ALERT_DRIVER = (notifications: boolean) => String.raw`
#include <unistd.h>
static double equity = 97400;
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE) { return equity; }
int TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER) { return ${notifications ? 1 : 0}; }
void ResetLastError() {}
int GetLastError() { return 4518; }
static int pushes = 0;
bool SendNotification(const string &text) {
  std::printf("push (%d chars): %s\n", StringLen(text), mql_runtime_utf8(text).c_str());
  return ++pushes != 2; // the second is refused (too frequent)
}
int main() {
  // The journal (Print, Alert: stderr) and the pushes (stdout) in one stream, in order.
  setvbuf(stdout, nullptr, _IONBF, 0);
  dup2(1, 2);
  g_login = mql_runtime_string("5012345");
  g_currency = mql_runtime_string("USD");
  UseGuardLevels(mql_runtime_string(R"J(${answer(monday, T0)})J"));
  ThresholdAlerts(${String(T0 / 1000)}); // 48 %: 50
  ThresholdAlerts(${String(T0 / 1000 + 1)}); // the same: nothing
  equity = 89000; // past every threshold of both rules: one each
  ThresholdAlerts(${String(T0 / 1000 + 2)});
}
`;

(clangAvailable() ? describe : describe.skip)('the EAs raise their alerts in the terminal', () => {
  const first =
    'Propfolio 5012345: daily loss 50% or less left: 2400 USD (48.00%) left to the floor 95000; the firm day ends 2026-03-30 22:00 UTC';
  const daily =
    'Propfolio 5012345: daily loss 10% or less left: -6000 USD (-120.00%) left to the floor 95000; the firm day ends 2026-03-30 22:00 UTC';
  const max = 'Propfolio 5012345: maximum loss 10% or less left: -1000 USD (-10.00%) left to the floor 90000';

  it.each(Object.entries(EAS))(
    '%s: a journal line and a push per alert when notifications are on; a refused push is logged',
    (_dialect, path) => {
      const lines = runMql(readMqlSource(path), path, ALERT_DRIVER(true)).trim().split('\n');
      expect(lines).toEqual([
        `PropfolioTracker: alert: ${first}`,
        `Alert: ${first}`,
        `push (${String(first.length)} chars): ${first}`,
        `PropfolioTracker: alert: ${daily}`,
        `Alert: ${daily}`,
        `push (${String(daily.length)} chars): ${daily}`,
        'PropfolioTracker: push notification not sent (error 4518)',
        `PropfolioTracker: alert: ${max}`,
        `Alert: ${max}`,
        `push (${String(max.length)} chars): ${max}`,
      ]);
    },
  );

  it.each(Object.entries(EAS))('%s: no push when the terminal has notifications off', (_dialect, path) => {
    const lines = runMql(readMqlSource(path), path, ALERT_DRIVER(false)).trim().split('\n');
    expect(lines).toEqual([
      `PropfolioTracker: alert: ${first}`,
      `Alert: ${first}`,
      `PropfolioTracker: alert: ${daily}`,
      `Alert: ${daily}`,
      `PropfolioTracker: alert: ${max}`,
      `Alert: ${max}`,
    ]);
  });
});
