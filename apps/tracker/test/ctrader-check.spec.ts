// The cTrader cBot cannot be built here with cTrader's own API (a Windows .NET 6 assembly), so Mono's C# compiler
// checks it against our stub of the Automate API (tools/ctrader-check): seeded mistakes prove the check fails at the
// cBot's own line. Then the cBot's protocol code runs under Mono and writes the reference tracker's bytes, and every
// key it writes or reads is the protocol's (src/protocol.ts, src/threshold-alerts.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { checkCbot, mcsAvailable, monoAvailable, runCbot } from '../../../tools/ctrader-check/ctrader-check.js';
import {
  encodeQueryValue,
  formatAmount,
  formatInstant,
  formatQuantity,
  jsonString,
  openPositionsJson,
  positionsBody,
  registerBody,
  reportBody,
  snapshotBody,
  type ClosedPosition,
  type OpenPosition,
} from '../src/index.js';
import { THRESHOLD_ALERTS_START, thresholdAlertsStep, type AlertLevels, type ThresholdAlertState } from '../src/threshold-alerts.js';
import { EXAMPLE_POSITION } from './example-position.js';

const CBOT = fileURLToPath(new URL('../ctrader/PropfolioTracker.cs', import.meta.url));
const SOURCE = readFileSync(CBOT, 'utf8');

const HAVE_MCS = mcsAvailable();
const HAVE_MONO = HAVE_MCS && monoAvailable();
// CI installs mono-mcs (.ci/run): there the check must run, never skip. Elsewhere a missing mcs skips it, loudly.
if (!HAVE_MCS && process.env.CI !== 'true')
  console.warn('mcs not found: the cTrader cBot compile check is skipped (apt-get install mono-mcs to run it).');

describe('Mono’s C# compiler is there to check the cBot', () => {
  (process.env.CI === 'true' ? it : it.skip)('in CI', () => {
    expect(HAVE_MCS).toBe(true);
    expect(HAVE_MONO).toBe(true);
  });
});

/** The cBot with `from` (which must occur) replaced by `to` at its first occurrence, and the line of that place. */
function seeded(from: string, to: string): { source: string; line: number } {
  const at = SOURCE.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  return { source: SOURCE.slice(0, at) + to + SOURCE.slice(at + from.length), line: SOURCE.slice(0, at).split('\n').length };
}

(HAVE_MCS ? describe : describe.skip)('the cBot compiles against the stub of the Automate API', () => {
  it('compiles, without a warning', () => {
    const result = checkCbot(SOURCE, CBOT);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  // [what, text, replacement, message]: each mistake fails at its own line, naming what is wrong.
  const MISTAKES: [string, string, string, RegExp][] = [
    [
      'a misspelt account member',
      '_server = Account.BrokerName',
      '_server = Account.BrokerNmae',
      /error CS1061: Type `cAlgo\.API\.Internals\.IAccount' does not contain a definition for `BrokerNmae'/,
    ],
    [
      'a misspelt position member',
      'p.EntryTime > at',
      'p.EntryTimes > at',
      /error CS1061: .*does not contain a definition for `EntryTimes'/,
    ],
    [
      'an unknown name',
      'Wire.RoundAmount(Account.Balance)',
      'Wire.RoundAmount(AccountBalance)',
      /error CS0103: The name `AccountBalance' does not exist/,
    ],
    [
      'a history member that is not there',
      'History.FindByPositionId(position.Id)',
      'History.FindByPosition(position.Id)',
      /error CS1061: .*`FindByPosition'/,
    ],
    [
      'an argument of the wrong type',
      'Timer.Start(TimeSpan.FromSeconds(1))',
      'Timer.Start("1")',
      /error CS1503: Argument `#1' cannot convert `string' expression to type `System\.TimeSpan'/,
    ],
    [
      'a stop that may be absent used as a number',
      'p.Volume = volume;',
      'p.Volume = position.StopLoss;',
      /error CS0266: Cannot implicitly convert type `double\?' to `double'/,
    ],
    [
      'a wrong access right',
      'AccessRights = AccessRights.FullAccess',
      'AccessRights = AccessRights.Full',
      /error CS0117: `cAlgo\.API\.AccessRights' does not contain a definition for `Full'/,
    ],
    [
      'an event handler with another signature',
      'protected override void OnTimer()',
      'protected override int OnTimer()',
      /error CS0508: `cAlgo\.Robots\.PropfolioTracker\.OnTimer\(\)': return type must be `void'/,
    ],
  ];

  it.each(MISTAKES)('fails on %s, at the line of the mistake', (_what, from, to, message) => {
    const mistake = seeded(from, to);
    const result = checkCbot(mistake.source, CBOT);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(message);
    const first = result.output.split('\n').find((line) => line.startsWith(CBOT) && / error CS\d+:/.test(line));
    expect(first?.slice(CBOT.length)).toMatch(new RegExp(`^\\(${mistake.line},\\d+\\): error CS`));
  });
});

/** The keys a C# method of the cBot writes, in order: every `\"key\":` in its body. */
function keysWritten(method: string): string[] {
  const start = SOURCE.indexOf(` ${method}(`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = SOURCE.indexOf('\n        }\n', start);
  return [...SOURCE.slice(start, end).matchAll(/\\"(\w+)\\":/g)].map((m) => m[1] ?? '');
}

const OPEN: OpenPosition = {
  position: '5001',
  symbol: 'EURUSD',
  side: 'buy',
  volume: 0.5,
  openedAt: '2026-03-05T07:00:00Z',
  stopLoss: 1.0811,
  lossAtStop: 102.2,
};

describe('the cBot writes and reads the protocol’s keys', () => {
  const keys = (json: string) => Object.keys(JSON.parse(json) as object);
  const register = keys(registerBody({ login: '1', server: 's', currency: 'USD', initialBalance: 1, name: 'n' }));

  it.each([
    // The EAs send their platform after initialBalance (docs/tracker-protocol.md, message 2); the cBot sends ctrader.
    ['RegisterBody', [...register.slice(0, 4), 'platform', ...register.slice(4)]],
    ['SnapshotBody', keys(snapshotBody({ at: 'x', balance: 1, equity: 1, openPositions: [] }))],
    ['OpenPositionJson', keys(openPositionsJson([OPEN]).slice(1, -1))],
    ['ReportBody', keys(reportBody({ date: 'x', balance: 1, equity: 1, closedPnl: 1 }))],
    ['PositionJson', keys(positionsBody({ positions: [EXAMPLE_POSITION] }).slice('{"positions":['.length, -2))],
    ['PositionsBody', ['positions']],
  ])('%s writes the keys of src/protocol.ts, in order', (method, expected) => {
    expect(expected.length).toBeGreaterThan(0);
    expect(keysWritten(method)).toEqual(expected);
  });

  // What it reads from the answers: the account (lookup, register), the snapshot's firm day, the guard's levels.
  it.each([
    'id',
    'archived',
    'day',
    'dayStartsAt',
    'dayEndsAt',
    'code',
    'detail',
    'accepted',
    'unchanged',
    'outcome',
    'dailyFloor',
    'dailyLossLimit',
    'maxLossFloor',
    'maxLossLimit',
    'firmDayEndsAt',
    'alertThresholds',
    'dailyLoss',
    'maxLoss',
    'breach',
  ])('reads "%s" from the service’s answers', (key) => {
    expect(SOURCE).toMatch(new RegExp(`Json\\.(Text|Raw|Number)\\((answer|thresholds|breach), "${key}"\\)`));
  });
});

/** A C# string literal for any text (each UTF-16 unit escaped, so nothing is lost on the way). */
const csString = (text: string) =>
  `"${Array.from({ length: text.length }, (_, i) => `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')}"`;
// JavaScript writes the shortest form that reads back as the same double; C# reads it back exactly.
const csDouble = (value: number) => (Object.is(value, -0) ? '-0.0' : `${String(value)}d`.replace(/^(-?\d+)d$/, '$1.0d'));
const csNullable = (value: number | null) => (value === null ? 'null' : `(double?)${csDouble(value)}`);

const AMOUNTS = [101250.4, 101180, 100000, -12.345, 1.005, 0.1 + 0.2, -0.001, -0, 412.25, 99_999_999.995, 0.005, -71.499];
const QUANTITIES = [1.0831, 151.234, 65000, 0.01, 0.5, (1.08455 * 0.3 + 1.0851 * 0.2) / 0.5, 1.234567895, -0.000000001, 0.00001234];
const TEXTS = ['', 'FTMO-Demo', 'a "quoted" \\ back', 'line\nbreak\r\ttab', '\u0001\u001f', 'フェーズ1', 'emoji 😀'];
const QUERY = ['FTMO-Demo', 'IC Markets-Live 02', "a+b&c=d/e!'()*~", 'サーバー'];
const INSTANTS = ['2026-03-05T14:03:00Z', '2026-12-31T23:59:59Z', '2024-02-29T00:00:00Z'];
const PARSED = ['2026-03-05T14:03:00.000Z', '2026-03-05T15:03:00+01:00', '2026-03-04T23:00:00-05:30'];

const SOLD: ClosedPosition = {
  ...EXAMPLE_POSITION,
  position: '123457',
  symbol: 'XAUUSD.r',
  side: 'sell',
  volume: 1.25,
  openPrice: 2034.155,
  closePrice: (2030.1 * 1 + 2029.87 * 0.25) / 1.25,
  stopLoss: 2040,
  takeProfit: 2020.5,
  commission: -8.75,
  swap: -1.2,
  profit: 500.06,
  comment: 'tp "1"',
  mae: null,
  mfe: null,
};

const csInstant = (iso: string) => `new DateTime(${Date.parse(iso)}L * 10000 + 621355968000000000L, DateTimeKind.Utc)`;
function csPosition(p: ClosedPosition): string {
  return (
    `new ClosedPosition { Id = ${csString(p.position)}, Symbol = ${csString(p.symbol)}, Buy = ${String(p.side === 'buy')}, ` +
    `Volume = ${csDouble(p.volume)}, Opened = ${csInstant(p.openedAt)}, Closed = ${csInstant(p.closedAt)}, ` +
    `OpenPrice = ${csDouble(p.openPrice)}, ClosePrice = ${csDouble(p.closePrice)}, StopLoss = ${csNullable(p.stopLoss)}, ` +
    `TakeProfit = ${csNullable(p.takeProfit)}, Commission = ${csDouble(p.commission)}, Swap = ${csDouble(p.swap)}, ` +
    `Fee = ${csDouble(p.fee)}, Profit = ${csDouble(p.profit)}, Comment = ${csString(p.comment)}, Magic = ${p.magic}, ` +
    `Mae = ${csNullable(p.mae)}, Mfe = ${csNullable(p.mfe)} }`
  );
}

/** The driver: one output line per expression, in order. */
function driver(): string {
  const lines = [
    ...AMOUNTS.map((v) => `Wire.FormatAmount(${csDouble(v)})`),
    ...QUANTITIES.map((v) => `Wire.FormatQuantity(${csDouble(v)})`),
    ...TEXTS.map((t) => `Wire.JsonString(${csString(t)})`),
    ...QUERY.map((t) => `Wire.UrlEncode(${csString(t)})`),
    ...INSTANTS.map((t) => `Wire.FormatInstant(${csInstant(t)})`),
    ...PARSED.map((t) => `Wire.FormatInstant(Wire.ParseInstant(${csString(t)}))`),
    `Wire.RegisterBody("5012345", "FTMO-Demo", "USD", 100000, ${csString('FTMO 100k フェーズ1')})`,
    `Wire.SnapshotBody("2026-03-05T14:03:00Z", 101250.4, 101180, "[" + Wire.OpenPositionJson("5001", "EURUSD", true, 0.5, "2026-03-05T07:00:00Z", 1.0811, 102.2) + "," + Wire.OpenPositionJson("5002", "US30", false, 1.0, "2026-03-05T08:00:00Z", null, 55.0) + "]")`,
    'Wire.ReportBody("2026-03-05", 101250.4, 101180, 412.25)',
    `Wire.PositionsBody("[" + Wire.PositionJson(${csPosition(EXAMPLE_POSITION)}) + "," + Wire.PositionJson(${csPosition(SOLD)}) + "]")`,
    'Wire.QueueLine("report", Wire.ReportBody("2026-03-05", 101250.4, 101180, 412.25), 42)',
    'ParsedBack(Wire.QueueLine("snapshot", Wire.SnapshotBody("2026-03-05T14:03:00Z", 1, 2, "[]"), 41))',
    'ParsedBack("{\\"kind\\":\\"report\\",\\"date\\":\\"2026-03-05\\"")',
    'Json.Text("{\\"id\\" : \\"a\\\\\\"b\\", \\"nested\\":{\\"id\\":\\"inner\\"},\\"archived\\":false}", "archived")',
    'string.Join(",", Json.Integers(Json.Raw(Json.Raw("{\\"alertThresholds\\":{\\"dailyLoss\\":[50,25,10],\\"maxLoss\\":[]}}", "alertThresholds"), "dailyLoss")))',
  ];
  return `using System;
using cAlgo.Robots;
public static class Driver {
  static string ParsedBack(string line) {
    string kind, body; long seq;
    return Wire.ParseQueueLine(line, out kind, out body, out seq) ? kind + " " + seq + " " + body : "unreadable";
  }
  public static void Main() {
    Console.OutputEncoding = new System.Text.UTF8Encoding(false);
${lines.map((expression) => `    Console.WriteLine(${expression});`).join('\n')}
  }
}`;
}

(HAVE_MONO ? describe : describe.skip)('the cBot writes the reference tracker’s bytes', () => {
  let out: Record<'amounts' | 'quantities' | 'texts' | 'query' | 'instants' | 'parsed' | 'messages', string[]> | undefined;

  it('builds and runs its own protocol code', () => {
    const lines = runCbot(SOURCE, CBOT, driver()).split('\n');
    const take = (count: number) => lines.splice(0, count);
    out = {
      amounts: take(AMOUNTS.length),
      quantities: take(QUANTITIES.length),
      texts: take(TEXTS.length),
      query: take(QUERY.length),
      instants: take(INSTANTS.length),
      parsed: take(PARSED.length),
      messages: take(9),
    };
    expect(lines).toEqual(['']);
  });

  it('writes amounts, quantities, strings, query values and instants as src/protocol.ts does', () => {
    expect(out?.amounts).toEqual(AMOUNTS.map(formatAmount));
    expect(out?.quantities).toEqual(QUANTITIES.map(formatQuantity));
    expect(out?.texts).toEqual(TEXTS.map(jsonString));
    expect(out?.query).toEqual(QUERY.map(encodeQueryValue));
    expect(out?.instants).toEqual(INSTANTS.map((t) => formatInstant(Date.parse(t))));
    expect(out?.parsed).toEqual(PARSED.map((t) => formatInstant(Date.parse(t))));
  });

  it('writes the register, snapshot, report and closed-positions bodies byte for byte, and its queue lines', () => {
    const [register, snapshot, report, positions, line, back, torn, archived, thresholds] = out?.messages ?? [];
    const reference = registerBody({
      login: '5012345',
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 100000,
      name: 'FTMO 100k フェーズ1',
    });
    expect(register).toBe(reference.replace(',"name":', ',"platform":"ctrader","name":'));
    expect(snapshot).toBe(
      snapshotBody({
        at: '2026-03-05T14:03:00Z',
        balance: 101250.4,
        equity: 101180,
        openPositions: [
          OPEN,
          {
            ...OPEN,
            position: '5002',
            symbol: 'US30',
            side: 'sell',
            volume: 1,
            openedAt: '2026-03-05T08:00:00Z',
            stopLoss: null,
            lossAtStop: 55,
          },
        ],
      }),
    );
    expect(report).toBe(reportBody({ date: '2026-03-05', balance: 101250.4, equity: 101180, closedPnl: 412.25 }));
    expect(positions).toBe(positionsBody({ positions: [EXAMPLE_POSITION, SOLD] }));
    expect(JSON.parse(line ?? '')).toEqual({ kind: 'report', ...(JSON.parse(report ?? '') as object), seq: 42 });
    expect(line?.startsWith('{"kind":"report","date":')).toBe(true);
    expect(back).toBe(`snapshot 41 ${snapshotBody({ at: '2026-03-05T14:03:00Z', balance: 1, equity: 2, openPositions: [] })}`);
    expect(torn).toBe('unreadable');
    expect(archived).toBe('false');
    expect(thresholds).toBe('50,25,10');
  });
});

// The cBot's threshold alerts: it reads the guard route's answer (GuardLevels.Read) and decides
// (ThresholdAlertRules.Step) along a simulated equity path; every step's alerts (their text) and state must be the
// reference tracker's (thresholdAlertsStep in src/threshold-alerts.ts) on the same path.
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 30, 8, 0, 0); // the firm day ends at 22:00 UTC
const monday: AlertLevels = {
  dailyFloor: 95000,
  dailyLossLimit: 5000,
  maxLossFloor: 90000,
  maxLossLimit: 10000,
  firmDayEndsAt: '2026-03-30T22:00:00Z',
  alertThresholds: { dailyLoss: [50, 25, 10], maxLoss: [50, 25, 10] },
};
const tuesday: AlertLevels = { ...monday, dailyFloor: 94200, firmDayEndsAt: '2026-03-31T22:00:00Z' };
const wednesday: AlertLevels = { ...monday, firmDayEndsAt: '2026-04-01T22:00:00Z' };
const noDaily: AlertLevels = { ...monday, dailyFloor: null, dailyLossLimit: null, firmDayEndsAt: null };
const own: AlertLevels = { ...monday, firmDayEndsAt: '2026-04-03T22:00:00Z', alertThresholds: { dailyLoss: [], maxLoss: [45] } };
const ALERT_ACCOUNT = { login: '5012345', currency: 'USD' };

type AlertStep = [number, number, AlertLevels | null];
const ALERT_PATH: AlertStep[] = [
  [T0, 99000, monday],
  [T0 + 1 * HOUR, 97400, monday], // 48 % of the day left: 50
  [T0 + 2 * HOUR, 97600, monday], // back above
  [T0 + 3 * HOUR, 97450, monday], // hovering: nothing
  [T0 + 4 * HOUR, 95400, monday], // past 25 and 10 at once: 10 only
  [T0 + 14 * HOUR, 95100, monday], // 22:00 UTC: the daily floor is yesterday's
  [T0 + 16 * HOUR, 96000, tuesday], // the next firm day: 50 again
  [T0 + 17 * HOUR, 94900, tuesday], // both rules at once
  [T0 + 19 * HOUR, 92400, null], // the levels could not be read: nothing, the state kept
  [T0 + 20 * HOUR, 92400, tuesday], // 24 % of the max: 25
  [T0 + 40 * HOUR, 96250.2, wednesday], // 25.004 % rounds to 25.00: 25, as the service rounds
  [T0 + 41 * HOUR, 94999.99, wednesday], // a cent below the floor: 0.00 % (never -0.00): 10
  [T0 + 42 * HOUR, 90500, noDaily], // no daily rule, no firm day: the maximum loss only
  [T0 + 80 * HOUR, 94400, own], // 44 % of the max: the trader's own 45
  [T0 + 81 * HOUR, 94000, own],
];

/** One line per step: the alerts' texts or "none", and the state after it (day end in seconds or -1, raised or -1). */
function referenceAlertLines(enabled: boolean): string[] {
  let state: ThresholdAlertState = THRESHOLD_ALERTS_START;
  return ALERT_PATH.map(([at, equity, levels]) => {
    const step = thresholdAlertsStep(enabled, ALERT_ACCOUNT, levels, equity, state, at);
    state = step.state;
    const said = step.alerts.length === 0 ? 'none' : step.alerts.map((a) => a.message).join(' || ');
    return `${said} | ${String(state.dayEndsMs === null ? -1 : state.dayEndsMs / 1000)} ${String(state.dailyRaised ?? -1)} ${String(state.maxRaised ?? -1)}`;
  });
}

/** The guard route's answer for the levels, as the service gives it (with fields the alerts do not read). */
const guardAnswer = (levels: AlertLevels, at: number) =>
  JSON.stringify({
    accountId: '0b7c2f55-3f0e-4a8e-9a43-5f8d7d0c9e21',
    at: new Date(at).toISOString(),
    currency: 'USD',
    status: 'ok',
    breach: null,
    dailyFloor: levels.dailyFloor,
    dailyComparison: 'below',
    dailyLossLimit: levels.dailyLossLimit,
    maxLossFloor: levels.maxLossFloor,
    maxLossLimit: levels.maxLossLimit,
    maxLossComparison: 'below',
    firmDayEndsAt: levels.firmDayEndsAt,
    dailyFloorAfterReset: levels.dailyFloor,
    alertThresholds: levels.alertThresholds,
  });

function alertsDriver(enabled: boolean): string {
  const steps = ALERT_PATH.map(
    ([at, equity, levels]) =>
      `    Say(ThresholdAlertRules.Step(${String(enabled)}, "5012345", "USD", ${levels === null ? 'null' : `GuardLevels.Read(${csString(guardAnswer(levels, at))})`}, ${csDouble(equity)}, state, ${csInstant(new Date(at).toISOString())}), state);`,
  );
  return `using System;
using System.Collections.Generic;
using cAlgo.Robots;
public static class Driver {
  static void Say(List<string> messages, AlertState state) {
    long ends = state.DayEnds == DateTime.MinValue ? -1 : (state.DayEnds.Ticks - 621355968000000000L) / 10000000;
    Console.WriteLine((messages.Count == 0 ? "none" : string.Join(" || ", messages)) + " | " + ends + " " + state.DailyRaised + " " + state.MaxRaised);
  }
  public static void Main() {
    Console.OutputEncoding = new System.Text.UTF8Encoding(false);
    var state = new AlertState();
${steps.join('\n')}
  }
}`;
}

(HAVE_MONO ? describe : describe.skip)('the cBot’s threshold alerts', () => {
  it('raise what thresholdAlertsStep raises, step by step, with the same state', () => {
    const reference = referenceAlertLines(true);
    // The path raises something of every kind: the daily rule, the maximum loss rule, both at once.
    expect(reference.filter((line) => line.includes('daily loss')).length).toBeGreaterThan(2);
    expect(reference.some((line) => line.includes('|| Propfolio'))).toBe(true);
    expect(runCbot(SOURCE, CBOT, alertsDriver(true)).trimEnd().split('\n')).toEqual(reference);
  });

  it('raise nothing when turned off, and keep no state', () => {
    const reference = referenceAlertLines(false);
    expect(reference.every((line) => line === 'none | -1 -1 -1')).toBe(true);
    expect(runCbot(SOURCE, CBOT, alertsDriver(false)).trimEnd().split('\n')).toEqual(reference);
  });
});
