// The open positions each snapshot lists (docs/tracker-protocol.md, message 3), built by the EAs' own code on a fake
// terminal: the driver defines the position (MT5) or order (MT4) built-ins and the stop's pricing (OrderCalcProfit,
// MarketInfo), the EA reads its positions at a snapshot's instant, and what it writes must be the hand-written JSON
// below, byte for byte the reference tracker's snapshotBody for the same positions, and survive its queue line.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { clangAvailable, readMqlSource, runMql } from '../../../tools/mql-check/mql-check.js';
import { snapshotBody, type OpenPosition } from '../src/index.js';

const MQ5 = fileURLToPath(new URL('../mql5/PropfolioTracker.mq5', import.meta.url));
const MQ4 = fileURLToPath(new URL('../mql4/PropfolioTracker.mq4', import.meta.url));

/** Server time in the fake terminal: UTC+2, so every opening sent is 2 hours before the terminal's. */
const OFFSET_S = 7200;
const AT = '2026-03-05T14:03:00Z';
const AT_S = Date.parse(AT) / 1000;
const server = (iso: string) => Date.parse(iso) / 1000 + OFFSET_S;

/** The terminal's positions; `commission` exists only in MT4 (MT5 keeps it on the deals, and the EA leaves it out). */
interface FakePosition {
  id: number;
  symbol: string;
  buy: boolean;
  volume: number;
  opened: string;
  open: number;
  sl: number;
  swap: number;
  commission: number;
}
const POSITIONS: FakePosition[] = [
  // A buy with its stop 20.2 pips below: 101 USD of price move, plus the swap (and MT4's commission) already charged.
  {
    id: 5001,
    symbol: 'EURUSD',
    buy: true,
    volume: 0.5,
    opened: '2026-03-05T07:00:00Z',
    open: 1.08312,
    sl: 1.0811,
    swap: -1.2,
    commission: -3.5,
  },
  // No stop.
  { id: 5002, symbol: 'XAUUSD', buy: false, volume: 1.25, opened: '2026-03-05T08:15:30Z', open: 2034.15, sl: 0, swap: 0, commission: 0 },
  // A sell whose stop is past its open price in its favour: the stop locks in 41.5, a loss of 0 or less.
  {
    id: 5003,
    symbol: 'XAUUSD',
    buy: false,
    volume: 0.1,
    opened: '2026-03-05T09:00:00Z',
    open: 2034.15,
    sl: 2030,
    swap: 0,
    commission: -0.7,
  },
  // A symbol the terminal cannot price (no quote yet): the stop is sent, its loss is null. Opened 2 s "after" the
  // reading by the trade server's clock, a skew against this computer's: written as opened at the reading.
  { id: 5004, symbol: 'GER40.cash', buy: true, volume: 1, opened: '2026-03-05T14:03:02Z', open: 18100, sl: 18000, swap: 0, commission: 0 },
];

/** What the service is sent, written by hand (MT5: the commission is not counted). */
const EXPECTED_MT5 =
  '[{"position":"5001","symbol":"EURUSD","side":"buy","volume":0.5,"openedAt":"2026-03-05T07:00:00Z","stopLoss":1.0811,"lossAtStop":102.2},' +
  '{"position":"5002","symbol":"XAUUSD","side":"sell","volume":1.25,"openedAt":"2026-03-05T08:15:30Z","stopLoss":null,"lossAtStop":null},' +
  '{"position":"5003","symbol":"XAUUSD","side":"sell","volume":0.1,"openedAt":"2026-03-05T09:00:00Z","stopLoss":2030,"lossAtStop":-41.5},' +
  '{"position":"5004","symbol":"GER40.cash","side":"buy","volume":1,"openedAt":"2026-03-05T14:03:00Z","stopLoss":18000,"lossAtStop":null}]';
/** MT4 adds the commission already charged: 101 + 1.2 + 3.5, and -41.5 + 0.7. */
const EXPECTED_MT4 = EXPECTED_MT5.replace('"lossAtStop":102.2', '"lossAtStop":105.7').replace('"lossAtStop":-41.5', '"lossAtStop":-40.8');

/** The reference tracker's view of the same positions, for its snapshotBody. */
const reference = (expected: string): OpenPosition[] => JSON.parse(expected) as OpenPosition[];

const cString = (text: string) => JSON.stringify(text);

/** MT5: positions by index, selected by PositionGetTicket; the stop priced at 100,000 (EURUSD) or 100 (XAUUSD) a lot. */
const MT5_TERMINAL = (positions: FakePosition[]) => `
#include <unistd.h>
#include <vector>
struct FakePosition { long id; const char *symbol; bool buy; double volume; datetime opened; double open, sl, swap, commission; };
static std::vector<FakePosition> positions = {
${positions.map((p) => `  {${p.id}, ${cString(p.symbol)}, ${String(p.buy)}, ${p.volume}, ${server(p.opened)}, ${p.open}, ${p.sl}, ${p.swap}, ${p.commission}},`).join('\n')}
};
static int selected = -1;
int PositionsTotal() { return (int)positions.size(); }
ulong PositionGetTicket(int index) { selected = index; return (ulong)positions.at(index).id; }
long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER p) {
  const FakePosition &o = positions.at(selected);
  switch (p) { case POSITION_IDENTIFIER: return o.id; case POSITION_TIME: return o.opened;
    case POSITION_TYPE: return o.buy ? POSITION_TYPE_BUY : POSITION_TYPE_SELL; }
  std::abort();
}
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE p) {
  const FakePosition &o = positions.at(selected);
  switch (p) { case POSITION_VOLUME: return o.volume; case POSITION_PRICE_OPEN: return o.open; case POSITION_SL: return o.sl;
    case POSITION_SWAP: return o.swap; case POSITION_PROFIT: return 0; }
  std::abort();
}
string PositionGetString(ENUM_POSITION_PROPERTY_STRING) { return mql_runtime_string(positions.at(selected).symbol); }
bool OrderCalcProfit(ENUM_ORDER_TYPE action, const string &symbol, double volume, double open, double close, double &profit) {
  std::string s = mql_runtime_utf8(symbol);
  double size = s == "EURUSD" ? 100000 : s == "XAUUSD" ? 100 : 0;
  if (size == 0) return false;
  profit = (action == ORDER_TYPE_BUY ? close - open : open - close) * volume * size;
  return true;
}
`;

/** MT4: market orders and a pending one (OP_BUYLIMIT, 2) by position; tick size and value per symbol, 0 when unknown. */
const MT4_TERMINAL = (positions: FakePosition[]) => `
#include <unistd.h>
#include <vector>
struct FakeOrder { int ticket; const char *symbol; int type; double lots; datetime opened; double open, sl, swap, commission; };
static std::vector<FakeOrder> orders = {
${positions.map((p) => `  {${p.id}, ${cString(p.symbol)}, ${p.buy ? 0 : 1}, ${p.volume}, ${server(p.opened)}, ${p.open}, ${p.sl}, ${p.swap}, ${p.commission}},`).join('\n')}
  {6001, "EURUSD", 2, 1, ${server('2026-03-05T10:00:00Z')}, 1.07, 1.06, 0, 0},
};
static int selected = -1;
int OrdersTotal() { return (int)orders.size(); }
bool OrderSelect(int index, int select, int pool) {
  if (select != SELECT_BY_POS || pool != MODE_TRADES || index < 0 || index >= (int)orders.size()) return false;
  selected = index;
  return true;
}
int OrderTicket() { return orders.at(selected).ticket; }
int OrderType() { return orders.at(selected).type; }
string OrderSymbol() { return mql_runtime_string(orders.at(selected).symbol); }
double OrderLots() { return orders.at(selected).lots; }
datetime OrderOpenTime() { return orders.at(selected).opened; }
double OrderOpenPrice() { return orders.at(selected).open; }
double OrderStopLoss() { return orders.at(selected).sl; }
double OrderSwap() { return orders.at(selected).swap; }
double OrderCommission() { return orders.at(selected).commission; }
double MarketInfo(const string &symbol, int type) {
  std::string s = mql_runtime_utf8(symbol);
  if (s == "EURUSD") return type == MODE_TICKSIZE ? 0.00001 : 1;
  if (s == "XAUUSD") return type == MODE_TICKSIZE ? 0.01 : 1;
  return 0;
}
`;

/** Prints, one a line: the array, the snapshot body, its queue line, the body read back from it, an older line's body. */
const MAIN = `
int main() {
  g_serverOffset = ${OFFSET_S};
  QueueItem item;
  item.isReport = false; item.isPositions = false; item.seq = 41;
  item.at = "${AT}"_s; item.balance = 101250.4; item.equity = 101180;
  item.openPositions = OpenPositionsJson(${AT_S});
  QueueItem back;
  QueueItem older;
  std::printf("%s\\n", mql_runtime_utf8(item.openPositions).c_str());
  std::printf("%s\\n", mql_runtime_utf8(SnapshotBody(item)).c_str());
  std::printf("%s\\n", mql_runtime_utf8(QueueLine(item)).c_str());
  std::printf("%s\\n", ParseQueueLine(QueueLine(item), back) ? mql_runtime_utf8(SnapshotBody(back)).c_str() : "unreadable");
  bool read = ParseQueueLine("{\\"kind\\":\\"snapshot\\",\\"at\\":\\"${AT}\\",\\"balance\\":101250.4,\\"equity\\":101180,\\"seq\\":40}"_s, older);
  std::printf("%s\\n", read ? mql_runtime_utf8(SnapshotBody(older)).c_str() : "unreadable");
}
`;

/** 201 open positions read twice: each array lists 200, and the journal says so once. */
const CAPPED = `
int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  dup2(1, 2);
  g_serverOffset = ${OFFSET_S};
  for (int twice = 0; twice < 2; twice++) {
    string json = OpenPositionsJson(${AT_S});
    int count = 0;
    for (int from = 0; (from = StringFind(json, "{\\"position\\""_s, from)) >= 0; from++) count++;
    std::printf("listed %d\\n", count);
  }
}
`;

/**
 * Observe at three readings with the same balance and equity: the first queues a snapshot, the second nothing, the third
 * one again because a stop moved. The terminal's account and clocks are fakes; files fail (the queue stays in memory).
 */
const OBSERVED = (moveStop: string) => `
static datetime fake_now = ${AT_S};
long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER) { return 5012345; }
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE p) { return p == ACCOUNT_BALANCE ? 101250.4 : 101180; }
datetime TimeGMT() { return fake_now; }
datetime TimeTradeServer() { return fake_now + ${OFFSET_S}; }
datetime TimeCurrent() { return fake_now + ${OFFSET_S}; }
int GetLastError() { return 0; }
int FileOpen(const string &, int, short, uint) { return INVALID_HANDLE; }
int main() {
  g_serverOffset = ${OFFSET_S};
  Observe(fake_now);
  fake_now += 60;
  Observe(fake_now);
  fake_now += 60;
  ${moveStop}
  Observe(fake_now);
  for (int i = g_head; i < ArraySize(g_queue); i++) std::printf("%s\\n", mql_runtime_utf8(SnapshotBody(g_queue[i])).c_str());
}
`;

const many = (n: number): FakePosition[] => Array.from({ length: n }, (_, i) => ({ ...POSITIONS[0], id: 7000 + i }) as FakePosition);

const DIALECTS = [
  { name: 'MT5', path: MQ5, terminal: MT5_TERMINAL, expected: EXPECTED_MT5, moveStop: 'positions[0].sl = 1.0815;' },
  { name: 'MT4', path: MQ4, terminal: MT4_TERMINAL, expected: EXPECTED_MT4, moveStop: 'orders[0].sl = 1.0815;' },
];

(clangAvailable() ? describe : describe.skip).each(DIALECTS)('the $name EA lists its open positions with each snapshot', (dialect) => {
  const source = readMqlSource(dialect.path);

  it('writes each position with its stop and the loss at it, as written by hand and as the reference tracker writes it', () => {
    const [array, body, line, back, older, ...rest] = runMql(source, dialect.path, dialect.terminal(POSITIONS) + MAIN).split('\n');
    expect(rest).toEqual(['']);
    expect(array).toBe(dialect.expected);
    const snapshot = { at: AT, balance: 101250.4, equity: 101180 };
    expect(body).toBe(`{"at":"${AT}","balance":101250.4,"equity":101180,"openPositions":${dialect.expected}}`);
    expect(body).toBe(snapshotBody({ ...snapshot, openPositions: reference(dialect.expected) }));
    // The queue line keeps the array as sent, so a restart sends the same bytes.
    expect(JSON.parse(line ?? '')).toEqual({ kind: 'snapshot', ...snapshot, openPositions: reference(dialect.expected), seq: 41 });
    expect(back).toBe(body);
    // A line queued by an EA without open positions: sent without them, which the service reads as not known.
    expect(older).toBe(snapshotBody(snapshot));
  });

  it('sends [] when nothing is open (none, not unknown), and skips pending orders', () => {
    const out = runMql(source, dialect.path, dialect.terminal([]) + MAIN).split('\n');
    expect(out[0]).toBe('[]');
    expect(out[1]).toBe(`{"at":"${AT}","balance":101250.4,"equity":101180,"openPositions":[]}`);
  });

  it('queues a snapshot when a stop moves though balance and equity stand still', () => {
    // Without the position opened "after" the first reading: written as opened then, it reads later as it is (a change).
    const out = runMql(source, dialect.path, dialect.terminal(POSITIONS.slice(0, 3)) + OBSERVED(dialect.moveStop))
      .trim()
      .split('\n');
    const listed = reference(dialect.expected).slice(0, 3);
    expect(out).toHaveLength(2);
    expect(out[0]).toBe(snapshotBody({ at: AT, balance: 101250.4, equity: 101180, openPositions: listed }));
    const moved = JSON.parse(out[1] ?? '') as { at: string; openPositions: OpenPosition[] };
    expect(moved.at).toBe('2026-03-05T14:05:00Z');
    // 20.2 pips became 16.2: 20 USD less at the stop.
    expect(moved.openPositions[0]).toEqual({ ...listed[0], stopLoss: 1.0815, lossAtStop: (listed[0]?.lossAtStop ?? 0) - 20 });
    expect(moved.openPositions.slice(1)).toEqual(listed.slice(1));
  });

  it('lists the first 200 of 201 open positions and says so once in the journal', () => {
    const out = runMql(source, dialect.path, dialect.terminal(many(201)) + CAPPED)
      .trim()
      .split('\n');
    expect(out).toEqual([
      'PropfolioTracker: more than 200 positions open: snapshots list the first 200 (the most the service takes); risk per trade is not judged for the others',
      'listed 200',
      'listed 200',
    ]);
  });
});
