// The EAs' guard, run on the small MQL runtime: each EA reads the route's answer (UseGuardLevels) and takes its
// decision (GuardStep) along a simulated equity path; every step's decision and state must be the reference
// tracker's (guardStep in src/guard.ts) on the same path. The route is read through a scripted WebRequest, and the
// action runs against fake trade functions (OrderSend; OrderClose, OrderDelete) that print what they were asked.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { clangAvailable, readMqlSource, runMql } from '../../../tools/mql-check/mql-check.js';
import { GUARD_START, guardStep, type GuardLevels, type GuardSettings, type GuardState } from '../src/guard.js';

const EAS = {
  mql5: fileURLToPath(new URL('../mql5/PropfolioTracker.mq5', import.meta.url)),
  mql4: fileURLToPath(new URL('../mql4/PropfolioTracker.mq4', import.meta.url)),
};

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 30, 8, 0, 0); // the firm day ends at 22:00 UTC
const monday: GuardLevels = { dailyFloor: 95000, maxLossFloor: 90000, firmDayEndsAt: '2026-03-30T22:00:00Z' };
const tuesday: GuardLevels = { dailyFloor: 94200, maxLossFloor: 90000, firmDayEndsAt: '2026-03-31T22:00:00Z' };
// The maximum-loss floor above the daily one (a trailing drawdown late in a challenge), and levels with nulls.
const trailing: GuardLevels = { dailyFloor: 95000, maxLossFloor: 95500, firmDayEndsAt: '2026-04-01T22:00:00Z' };
const noDaily: GuardLevels = { dailyFloor: null, maxLossFloor: 90000, firmDayEndsAt: null };

type Step = [number, number, GuardLevels | null];
const PATH: Step[] = [
  [T0, 97000, monday],
  [T0 + 1 * HOUR, 95300, monday], // above 95,000 + 200
  [T0 + 2 * HOUR, 95200, monday], // at the line: acts
  [T0 + 3 * HOUR, 95150, monday], // lingering below: nothing more
  [T0 + 4 * HOUR, 95100, monday],
  [T0 + 5 * HOUR, 95600, monday], // recovered: armed again
  [T0 + 6 * HOUR, 95180, monday], // a second crossing: acts again
  [T0 + 14 * HOUR - 1000, 95500, monday], // recovered, a second before the reset
  [T0 + 14 * HOUR, 95100, monday], // 22:00 UTC: the daily floor is yesterday's, not used
  [T0 + 16 * HOUR, 94500, tuesday], // the new day's levels: 94,200 + 200 = 94,400, above it
  [T0 + 17 * HOUR, 94400, tuesday], // crossing after the reset: acts
  [T0 + 18 * HOUR, 94000, null], // the levels could not be read (409/422): no decision, the state kept
  [T0 + 19 * HOUR, 96000, trailing], // the maximum-loss line 95,700 is the higher one
  [T0 + 20 * HOUR, 95650, trailing], // acts on the maximum-loss floor
  [T0 + 21 * HOUR, 91000, noDaily],
  [T0 + 22 * HOUR, 90200, noDaily], // only the maximum-loss floor: acts at 90,000 + 200
];
const ON: GuardSettings = { enabled: true, buffer: 200 };

/** One line per step: instant (s), the rule acted on or "none", floor, line, equity, and the state after it. */
function referenceLines(settings: GuardSettings, path: Step[]): string[] {
  let state: GuardState = GUARD_START;
  return path.map(([at, equity, levels]) => {
    const step = guardStep(settings, levels, equity, state, at);
    state = step.state;
    const d = step.decision;
    const acted = d.action === 'close_all' ? `${d.rule} ${d.floor.toFixed(2)} ${d.line.toFixed(2)}` : 'none';
    return `${String(at / 1000)} ${acted} ${equity.toFixed(2)} ${state.armed ? 'armed' : 'waiting'}`;
  });
}

/** The same path as a C++ driver over the EA's own functions; the levels are given as the route answers them. */
function driver(settings: GuardSettings, path: Step[]): string {
  const steps = path.map(([at, equity, levels]) => {
    const read =
      levels === null
        ? 'g_guardHasLevels = false;'
        : `UseGuardLevels(mql_runtime_string(R"J(${JSON.stringify({
            accountId: '0b7c2f55-3f0e-4a8e-9a43-5f8d7d0c9e21',
            at: new Date(at).toISOString(),
            currency: 'USD',
            status: 'ok',
            dailyFloor: levels.dailyFloor,
            dailyComparison: levels.dailyFloor === null ? null : 'below',
            maxLossFloor: levels.maxLossFloor,
            maxLossComparison: 'below',
            firmDayEndsAt: levels.firmDayEndsAt,
            dailyFloorAfterReset: levels.dailyFloor,
            alertThresholds: { dailyLoss: [50, 25, 10], maxLoss: [50, 25, 10] },
          })})J"));`;
    return `  ${read} step(${String(at / 1000)}, ${String(equity)});`;
  });
  return `
static void step(datetime at, double equity) {
  double floor = 0, line = 0;
  string rule = GuardStep(${String(settings.enabled)}, ${String(settings.buffer)}, equity, at, floor, line);
  std::string acted = rule == mql_runtime_string("") ? std::string("none")
    : mql_runtime_utf8(rule) + " " + mql_runtime_utf8(DoubleToString(floor, 2)) + " " + mql_runtime_utf8(DoubleToString(line, 2));
  std::printf("%ld %s %.2f %s\\n", (long)at, acted.c_str(), equity, g_guardArmed ? "armed" : "waiting");
}
int main() {
${steps.join('\n')}
}
`;
}

(clangAvailable() ? describe : describe.skip)('the EAs’ guard decides as the reference tracker’s', () => {
  it('the path acts at the crossings, once each, after recovering and after the reset (the reference itself)', () => {
    const acted = referenceLines(ON, PATH).filter((line) => !line.includes(' none '));
    expect(acted.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      `${String((T0 + 2 * HOUR) / 1000)} daily_loss`,
      `${String((T0 + 6 * HOUR) / 1000)} daily_loss`,
      `${String((T0 + 17 * HOUR) / 1000)} daily_loss`,
      `${String((T0 + 20 * HOUR) / 1000)} max_loss`,
      `${String((T0 + 22 * HOUR) / 1000)} max_loss`,
    ]);
  });

  it.each(Object.entries(EAS))('%s: every step as guardStep, enabled with a buffer', (_dialect, path) => {
    const lines = runMql(readMqlSource(path), path, driver(ON, PATH)).trim().split('\n');
    expect(lines).toEqual(referenceLines(ON, PATH));
  });

  it.each(Object.entries(EAS))('%s: off (the default) never acts', (_dialect, path) => {
    const off: GuardSettings = { enabled: false, buffer: 200 };
    const lines = runMql(readMqlSource(path), path, driver(off, PATH)).trim().split('\n');
    expect(lines).toEqual(referenceLines(off, PATH));
    expect(lines.every((line) => line.includes(' none '))).toBe(true);
  });

  it.each(Object.entries(EAS))('%s: a negative buffer counts as none, as in the reference', (_dialect, path) => {
    const negative: GuardSettings = { enabled: true, buffer: -500 };
    const lines = runMql(readMqlSource(path), path, driver(negative, PATH)).trim().split('\n');
    expect(lines).toEqual(referenceLines(negative, PATH));
  });
});

/** The fake terminal for ReadGuard: WebRequest answers from a script and prints what it was asked. */
const READ_DRIVER = String.raw`
#include <vector>
struct Canned { int status; const char *headers; const char *body; };
static std::vector<Canned> answers;
static size_t next_answer = 0;
static datetime fake_now = 1774857600; // 2026-03-30T08:00:00Z
datetime TimeGMT() { return fake_now; }
int MathRand() { return 16384; }
void ResetLastError() {}
int GetLastError() { return 0; }
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE) { return 96000; }
bool StringToLower(string &s) { for (auto &u : s.units) if (u >= 'A' && u <= 'Z') u = u - 'A' + 'a'; return true; }
int WebRequest(const string &method, const string &url, const string &headers, int, const MqlArray<char> &data, MqlArray<char> &result,
               string &result_headers) {
  std::string h = mql_runtime_utf8(headers);
  for (size_t at = h.find("\r\n"); at != std::string::npos; at = h.find("\r\n")) h.replace(at, 2, "|");
  std::printf("%s %s [%s] %d bytes\n", mql_runtime_utf8(method).c_str(), mql_runtime_utf8(url).c_str(), h.c_str(), ArraySize(data));
  const Canned &a = answers.at(next_answer++);
  StringToCharArray(mql_runtime_string(a.body), result, 0, WHOLE_ARRAY, CP_UTF8);
  result_headers = mql_runtime_string(a.headers);
  return a.status;
}
static void show() {
  std::printf("levels %d daily %.2f max %.2f ends %ld | next read %+ld | failures %d, next attempt %+ld | stopped %d | note %s\n",
              (int)g_guardHasLevels, g_guardDailyFloor, g_guardMaxFloor, (long)g_guardDayEnds,
              g_nextGuardRead == 0 ? 0L : (long)(g_nextGuardRead - fake_now), g_failures,
              g_nextAttempt == 0 ? 0L : (long)(g_nextAttempt - fake_now), (int)g_stopped, mql_runtime_utf8(g_guardNote).c_str());
}
int main() {
  g_baseUrl = mql_runtime_string("https://propfolio.example.com");
  g_accountId = mql_runtime_string("0b7c2f55-3f0e-4a8e-9a43-5f8d7d0c9e21");
  answers.push_back({200, "Content-Type: application/json\r\n",
    R"J({"accountId":"0b7c2f55-3f0e-4a8e-9a43-5f8d7d0c9e21","status":"ok","dailyFloor":95000.5,"maxLossFloor":90000,"firmDayEndsAt":"2026-03-30T22:00:00Z","alertThresholds":{"dailyLoss":[50],"maxLoss":[]}})J"});
  answers.push_back({503, "Retry-After: 120\r\n", R"J({"code":"unavailable"})J"});
  answers.push_back({422, "", R"J({"code":"rules_unknown","detail":"no challenge linked"})J"});
  answers.push_back({403, "", R"J({"code":"forbidden"})J"});
  for (int i = 0; i < 4; i++) {
    ReadGuard(fake_now);
    show();
  }
}
`;

(clangAvailable() ? describe : describe.skip)('the EAs read the guard route as their other GETs', () => {
  it.each(Object.entries(EAS))('%s: levels kept on a retryable failure with its backoff, dropped on 422, a 403 stops', (dialect, path) => {
    const lines = runMql(readMqlSource(path), path, READ_DRIVER).trim().split('\n');
    const platform = dialect === 'mql5' ? 'MT5' : 'MT4';
    const get = `GET https://propfolio.example.com/api/v1/accounts/0b7c2f55-3f0e-4a8e-9a43-5f8d7d0c9e21/guard [Authorization: Bearer |Accept: application/json|User-Agent: PropfolioTracker/1.0.0 (${platform})|] 0 bytes`;
    const ends = Date.parse('2026-03-30T22:00:00Z') / 1000;
    expect(lines).toEqual([
      get,
      `levels 1 daily 95000.50 max 90000.00 ends ${String(ends)} | next read +60 | failures 0, next attempt +0 | stopped 0 | note `,
      get,
      // The backoff's Retry-After floor; the last levels stay in force; read again once the backoff allows.
      `levels 1 daily 95000.50 max 90000.00 ends ${String(ends)} | next read +0 | failures 1, next attempt +120 | stopped 0 | note `,
      get,
      `levels 0 daily 95000.50 max 90000.00 ends ${String(ends)} | next read +60 | failures 0, next attempt +0 | stopped 0 | note HTTP 422 rules_unknown (no challenge linked)`,
      get,
      `levels 0 daily 95000.50 max 90000.00 ends ${String(ends)} | next read +60 | failures 0, next attempt +0 | stopped 1 | note HTTP 422 rules_unknown (no challenge linked)`,
    ]);
  });
});

// The guard's action on a fake terminal: what each EA asks the trade server for, its retries, and what it says.
const ACTION_COMMON = String.raw`
#include <vector>
#include <map>
void ResetLastError() {}
int GetLastError() { return 0; }
bool SendNotification(const string &text) { std::printf("notify: %s\n", mql_runtime_utf8(text).c_str()); return true; }
int TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER) { return 1; }
`;

const MT5_ACTION = String.raw`${ACTION_COMMON}
struct FakePosition { ulong ticket; const char *symbol; ENUM_POSITION_TYPE type; double volume; };
static std::vector<FakePosition> positions = {{101, "EURUSD", POSITION_TYPE_BUY, 1.5}, {102, "USDJPY", POSITION_TYPE_SELL, 2},
                                              {103, "XAUUSD", POSITION_TYPE_BUY, 0.1}};
static std::vector<ulong> orders = {201, 202};
static std::map<ulong, std::vector<uint>> refusals = {{102, {10004}}, {103, {10006, 10006, 10006}}}; // requote; rejected
static int selected = -1;
int PositionsTotal() { return (int)positions.size(); }
ulong PositionGetTicket(int i) { selected = i; return positions.at(i).ticket; }
bool PositionSelectByTicket(ulong t) {
  for (size_t i = 0; i < positions.size(); i++) if (positions[i].ticket == t) { selected = (int)i; return true; }
  return false;
}
string PositionGetString(ENUM_POSITION_PROPERTY_STRING) { return mql_runtime_string(positions.at(selected).symbol); }
long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER) { return positions.at(selected).type; }
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE) { return positions.at(selected).volume; }
double SymbolInfoDouble(const string &s, ENUM_SYMBOL_INFO_DOUBLE p) { return (p == SYMBOL_BID ? 1.0 : 1.5) * (s == mql_runtime_string("USDJPY") ? 150 : 1); }
long SymbolInfoInteger(const string &s, ENUM_SYMBOL_INFO_INTEGER) { return s == mql_runtime_string("EURUSD") ? 2 : s == mql_runtime_string("USDJPY") ? 1 : 0; }
int OrdersTotal() { return (int)orders.size(); }
ulong OrderGetTicket(int i) { return orders.at(i); }
bool OrderSend(MqlTradeRequest &r, MqlTradeResult &result) {
  ulong ticket = r.action == TRADE_ACTION_DEAL ? r.position : r.order;
  std::vector<uint> &no = refusals[ticket];
  result.retcode = no.empty() ? TRADE_RETCODE_DONE : no.front();
  if (!no.empty()) no.erase(no.begin());
  if (r.action == TRADE_ACTION_DEAL)
    std::printf("deal: position %lu %s %s %.2f at %.2f, deviation %lu, filling %d, '%s' -> %u\n", r.position, mql_runtime_utf8(r.symbol).c_str(),
                r.type == ORDER_TYPE_BUY ? "buy" : "sell", r.volume, r.price, r.deviation, (int)r.type_filling, mql_runtime_utf8(r.comment).c_str(), result.retcode);
  else
    std::printf("remove: order %lu -> %u\n", r.order, result.retcode);
  if (result.retcode == TRADE_RETCODE_DONE) {
    for (size_t i = 0; i < positions.size(); i++) if (positions[i].ticket == ticket) positions.erase(positions.begin() + i);
    for (size_t i = 0; i < orders.size(); i++) if (orders[i] == ticket) orders.erase(orders.begin() + i);
  }
  return true;
}
int main() {
  g_login = mql_runtime_string("5012345");
  GuardCloseAll(mql_runtime_string("equity 95200 is at or below the daily loss floor 95000 + buffer 200 = 95200"));
  std::printf("left: %d positions, %d orders\n", PositionsTotal(), OrdersTotal());
}
`;

const MT4_ACTION = String.raw`${ACTION_COMMON}
struct FakeOrder { int ticket; int type; const char *symbol; double lots; double close_price; };
static std::vector<FakeOrder> orders = {{101, OP_BUY, "EURUSD", 1.5, 1.1}, {102, OP_SELL, "USDJPY", 2, 150.2}, {201, 2, "EURUSD", 1, 1.05},
                                        {103, OP_BUY, "XAUUSD", 0.1, 2400}, {202, 5, "USDJPY", 1, 149}};
static std::map<int, int> refusals = {{102, 1}, {103, 3}}; // a requote; a market that stays closed
static int selected = -1, refreshes = 0;
int OrdersTotal() { return (int)orders.size(); }
bool OrderSelect(int index, int select, int) {
  if (select == SELECT_BY_POS) { if (index < 0 || index >= (int)orders.size()) return false; selected = index; return true; }
  for (size_t i = 0; i < orders.size(); i++) if (orders[i].ticket == index) { selected = (int)i; return true; }
  return false;
}
int OrderTicket() { return orders.at(selected).ticket; }
int OrderType() { return orders.at(selected).type; }
string OrderSymbol() { return mql_runtime_string(orders.at(selected).symbol); }
double OrderLots() { return orders.at(selected).lots; }
double OrderClosePrice() { return orders.at(selected).close_price + refreshes * 0.01; }
datetime OrderCloseTime() { return 0; }
bool RefreshRates() { refreshes++; return true; }
static bool answer(int ticket) {
  bool ok = refusals[ticket]-- <= 0;
  if (ok) for (size_t i = 0; i < orders.size(); i++) if (orders[i].ticket == ticket) { orders.erase(orders.begin() + i); break; }
  return ok;
}
bool OrderClose(int ticket, double lots, double price, int slippage, color) {
  bool ok = answer(ticket);
  std::printf("close: %d %.2f lots at %.2f (refresh %d), slippage %d -> %s\n", ticket, lots, price, refreshes, slippage, ok ? "ok" : "failed");
  return ok;
}
bool OrderDelete(int ticket, color) {
  bool ok = answer(ticket);
  std::printf("delete: %d -> %s\n", ticket, ok ? "ok" : "failed");
  return ok;
}
int main() {
  g_login = mql_runtime_string("5012345");
  GuardCloseAll(mql_runtime_string("equity 95200 is at or below the daily loss floor 95000 + buffer 200 = 95200"));
  std::printf("left: %d orders\n", OrdersTotal());
}
`;

(clangAvailable() ? describe : describe.skip)('the EAs’ guard action', () => {
  const why = 'guard: equity 95200 is at or below the daily loss floor 95000 + buffer 200 = 95200';

  it('MT5: each position closed by an opposite deal at the bid or ask, requotes tried again (3 tries), pendings removed, then said', () => {
    const lines = runMql(readMqlSource(EAS.mql5), EAS.mql5, MT5_ACTION).trim().split('\n');
    expect(lines).toEqual([
      "deal: position 103 XAUUSD sell 0.10 at 1.00, deviation 30, filling 2, 'Propfolio guard' -> 10006",
      "deal: position 103 XAUUSD sell 0.10 at 1.00, deviation 30, filling 2, 'Propfolio guard' -> 10006",
      "deal: position 103 XAUUSD sell 0.10 at 1.00, deviation 30, filling 2, 'Propfolio guard' -> 10006",
      "deal: position 102 USDJPY buy 2.00 at 225.00, deviation 30, filling 0, 'Propfolio guard' -> 10004",
      "deal: position 102 USDJPY buy 2.00 at 225.00, deviation 30, filling 0, 'Propfolio guard' -> 10009",
      "deal: position 101 EURUSD sell 1.50 at 1.00, deviation 30, filling 1, 'Propfolio guard' -> 10009",
      'remove: order 202 -> 10009',
      'remove: order 201 -> 10009',
      `notify: Propfolio 5012345: ${why}: 2 positions closed, 2 pending orders deleted; NOT closed: 1 positions, 0 orders (see the journal)`,
      'left: 1 positions, 0 orders',
    ]);
  });

  it('MT4: market orders closed at the refreshed close price with the slippage (3 tries), pendings deleted, then said', () => {
    const lines = runMql(readMqlSource(EAS.mql4), EAS.mql4, MT4_ACTION).trim().split('\n');
    expect(lines).toEqual([
      'close: 101 1.50 lots at 1.11 (refresh 1), slippage 30 -> ok',
      'close: 102 2.00 lots at 150.22 (refresh 2), slippage 30 -> failed',
      'close: 102 2.00 lots at 150.23 (refresh 3), slippage 30 -> ok',
      'delete: 201 -> ok',
      'close: 103 0.10 lots at 2400.04 (refresh 4), slippage 30 -> failed',
      'close: 103 0.10 lots at 2400.05 (refresh 5), slippage 30 -> failed',
      'close: 103 0.10 lots at 2400.06 (refresh 6), slippage 30 -> failed',
      'delete: 202 -> ok',
      `notify: Propfolio 5012345: ${why}: 2 positions closed, 2 pending orders deleted; NOT closed: 1 positions, 0 orders (see the journal)`,
      'left: 1 orders',
    ]);
  });
});
