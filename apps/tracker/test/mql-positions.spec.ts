// The EAs' search for closed positions, run on a fake terminal: the driver defines the history and position built-ins
// the EA calls (tools/mql-check leaves them undefined) over a table of deals (MT5) or orders (MT4), lets the EA scan,
// and prints the positions messages it queued, which must be the reference tracker's bytes for the expected positions.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { clangAvailable, readMqlSource, runMql } from '../../../tools/mql-check/mql-check.js';
import { positionsBody, type ClosedPosition } from '../src/index.js';

const MQ5 = fileURLToPath(new URL('../mql5/PropfolioTracker.mq5', import.meta.url));
const MQ4 = fileURLToPath(new URL('../mql4/PropfolioTracker.mq4', import.meta.url));

/** Server time in the fake terminal: UTC+2, so every instant sent is 2 hours before the history's. */
const OFFSET_S = 7200;
const at = (iso: string) => Date.parse(iso) / 1000 + OFFSET_S;

/** The fake terminal's common part: no files (the queue stays in memory), a clock, the queued messages printed. */
const TERMINAL = `
#include <vector>
static datetime fake_now = 0;
int GetLastError() { return 0; }
int FileOpen(const string &, int, short, uint) { return INVALID_HANDLE; }
bool FileIsExist(const string &, int) { return false; }
static void print_queue() {
  for (int i = g_head; i < ArraySize(g_queue); i++)
    if (g_queue[i].isPositions) std::printf("%s\\n", mql_runtime_utf8(PositionsBody(g_queue[i])).c_str());
  std::printf("--\\n");
}
`;

const position = (overrides: Partial<ClosedPosition> & Pick<ClosedPosition, 'position'>): ClosedPosition => ({
  symbol: 'EURUSD',
  side: 'buy',
  volume: 1,
  openedAt: '2026-03-05T07:00:00Z',
  closedAt: '2026-03-05T09:30:00Z',
  openPrice: 1.1,
  closePrice: 1.1,
  stopLoss: null,
  takeProfit: null,
  commission: 0,
  swap: 0,
  fee: 0,
  profit: 0,
  comment: '',
  magic: 0,
  mae: null,
  mfe: null,
  ...overrides,
});

const HAVE_CLANG = clangAvailable();

(HAVE_CLANG ? describe : describe.skip)('the MT5 EA finds closed positions in its deal history', () => {
  // Deals: [ticket, position, entry, type, time, volume, price, profit, commission, swap, fee, sl, tp, symbol, comment, magic]
  const driver = `${TERMINAL}
struct FakeDeal { ulong ticket; long position; ENUM_DEAL_ENTRY entry; ENUM_DEAL_TYPE type; datetime time; double volume, price, profit,
  commission, swap, fee, sl, tp; const char *symbol; const char *comment; long magic; };
static std::vector<FakeDeal> deals;
static std::vector<FakeDeal> selected;
struct FakePosition { long id; datetime opened; double profit; };
static std::vector<FakePosition> open_positions;
static int selected_position = -1;
datetime TimeTradeServer() { return fake_now; }
bool HistorySelect(datetime from, datetime to) {
  selected.clear();
  for (const FakeDeal &d : deals) if (d.time >= from && d.time <= to) selected.push_back(d);
  return true;
}
bool HistorySelectByPosition(long id) {
  selected.clear();
  for (const FakeDeal &d : deals) if (d.position == id) selected.push_back(d);
  return true;
}
int HistoryDealsTotal() { return (int)selected.size(); }
ulong HistoryDealGetTicket(int index) { return selected.at(index).ticket; }
static const FakeDeal &deal(ulong ticket) { for (const FakeDeal &d : deals) if (d.ticket == ticket) return d; std::abort(); }
long HistoryDealGetInteger(ulong t, ENUM_DEAL_PROPERTY_INTEGER p) {
  const FakeDeal &d = deal(t);
  switch (p) { case DEAL_TIME: return d.time; case DEAL_TYPE: return d.type; case DEAL_ENTRY: return d.entry;
    case DEAL_MAGIC: return d.magic; case DEAL_POSITION_ID: return d.position; }
  std::abort();
}
double HistoryDealGetDouble(ulong t, ENUM_DEAL_PROPERTY_DOUBLE p) {
  const FakeDeal &d = deal(t);
  switch (p) { case DEAL_VOLUME: return d.volume; case DEAL_PRICE: return d.price; case DEAL_PROFIT: return d.profit;
    case DEAL_COMMISSION: return d.commission; case DEAL_SWAP: return d.swap; case DEAL_FEE: return d.fee; case DEAL_SL: return d.sl;
    case DEAL_TP: return d.tp; }
  std::abort();
}
string HistoryDealGetString(ulong t, ENUM_DEAL_PROPERTY_STRING p) {
  return mql_runtime_string(p == DEAL_SYMBOL ? deal(t).symbol : deal(t).comment);
}
int PositionsTotal() { return (int)open_positions.size(); }
ulong PositionGetTicket(int index) { selected_position = index; return open_positions.at(index).id; }
bool PositionSelectByTicket(ulong ticket) {
  for (size_t i = 0; i < open_positions.size(); i++) if ((ulong)open_positions[i].id == ticket) { selected_position = (int)i; return true; }
  return false;
}
long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER p) {
  const FakePosition &o = open_positions.at(selected_position);
  return p == POSITION_IDENTIFIER ? o.id : o.opened;
}
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE) { return open_positions.at(selected_position).profit; }
static void close_position(long id) {
  for (size_t i = 0; i < open_positions.size(); i++) if (open_positions[i].id == id) { open_positions.erase(open_positions.begin() + i); return; }
}

int main() {
  g_serverOffset = ${OFFSET_S};
  // Before the EA: position 100 opened and closed. Its deals are the history the statement import covers.
  deals.push_back({90, 100, DEAL_ENTRY_IN, DEAL_TYPE_BUY, ${at('2026-03-04T10:00:00Z')}, 1, 1.2, 0, 0, 0, 0, 0, 0, "EURUSD", "", 0});
  deals.push_back({91, 100, DEAL_ENTRY_OUT, DEAL_TYPE_SELL, ${at('2026-03-04T11:00:00Z')}, 1, 1.21, 100, 0, 0, 0, 0, 0, "EURUSD", "", 0});
  // Position 300 is open when the EA starts: its excursions before then are unknown.
  deals.push_back({95, 300, DEAL_ENTRY_IN, DEAL_TYPE_SELL, ${at('2026-03-05T06:00:00Z')}, 2, 150.25, 0, -4, 0, 0, 0, 0, "USDJPY", "", 0});
  open_positions.push_back({300, ${at('2026-03-05T06:00:00Z')}, -500});
  fake_now = ${at('2026-03-05T06:30:00Z')};
  g_watchSince = TimeTradeServer();
  StartClosesHere();
  std::printf("cursor %ld\\n", g_lastCloseTicket);

  // Position 201 opens while watched, floats between -10.5 and 30, is closed in two parts.
  deals.push_back({101, 201, DEAL_ENTRY_IN, DEAL_TYPE_BUY, ${at('2026-03-05T07:00:00Z')}, 1, 1.1, 0, -3.5, 0, 0, 1.09, 0, "EURUSD", "breakout \\"A\\"", 7});
  open_positions.push_back({201, ${at('2026-03-05T07:00:00Z')}, 0});
  for (double profit : {-4.0, -10.5, 12.0, 30.0, 25.0}) { open_positions.back().profit = profit; SampleExcursions(); }
  deals.push_back({102, 201, DEAL_ENTRY_OUT, DEAL_TYPE_SELL, ${at('2026-03-05T08:00:00Z')}, 0.4, 1.105, 20, -1.4, 0, 0, 1.09, 1.12, "EURUSD", "", 7});
  fake_now = ${at('2026-03-05T08:00:01Z')};
  ScanClosedPositions(false);
  print_queue(); // partly closed: nothing yet
  deals.push_back({103, 201, DEAL_ENTRY_OUT, DEAL_TYPE_SELL, ${at('2026-03-05T09:30:00Z')}, 0.6, 1.106, 36, -2.1, -0.8, -0.05, 1.095, 0, "EURUSD", "", 7});
  close_position(201);
  // Position 300 closes too, and 202 is a netting reversal (not one position's life).
  deals.push_back({104, 300, DEAL_ENTRY_OUT, DEAL_TYPE_BUY, ${at('2026-03-05T09:31:00Z')}, 2, 149.9, 466.9, -4, -1.5, 0, 0, 149.5, "USDJPY", "", 0});
  close_position(300);
  deals.push_back({105, 202, DEAL_ENTRY_IN, DEAL_TYPE_BUY, ${at('2026-03-05T09:32:00Z')}, 1, 1.1, 0, 0, 0, 0, 0, 0, "EURUSD", "", 0});
  deals.push_back({106, 202, DEAL_ENTRY_INOUT, DEAL_TYPE_SELL, ${at('2026-03-05T09:33:00Z')}, 2, 1.1, 0, 0, 0, 0, 0, 0, "EURUSD", "", 0});
  deals.push_back({107, 202, DEAL_ENTRY_OUT, DEAL_TYPE_BUY, ${at('2026-03-05T09:34:00Z')}, 1, 1.1, 0, 0, 0, 0, 0, 0, "EURUSD", "", 0});
  fake_now = ${at('2026-03-05T09:35:00Z')};
  ScanClosedPositions(true);
  print_queue();
  // A later look finds nothing new: each close is queued once.
  ScanClosedPositions(true);
  print_queue();
  std::printf("cursor %ld, samples %d\\n", g_lastCloseTicket, ArraySize(g_excursionId));
}
`;

  it('queues each position once, after its last closing deal, with VWAP prices, summed costs and the excursions it watched', () => {
    const lines = runMql(readMqlSource(MQ5), MQ5, driver).trim().split('\n');
    const closed = positionsBody({
      positions: [
        position({
          position: '201',
          openedAt: '2026-03-05T07:00:00Z',
          closedAt: '2026-03-05T09:30:00Z',
          openPrice: 1.1,
          closePrice: (0.4 * 1.105 + 0.6 * 1.106) / 1,
          stopLoss: 1.095,
          commission: -3.5 - 1.4 - 2.1,
          swap: -0.8,
          fee: -0.05,
          profit: 56,
          comment: 'breakout "A"',
          magic: 7,
          mae: -10.5,
          mfe: 30,
        }),
        position({
          position: '300',
          symbol: 'USDJPY',
          side: 'sell',
          volume: 2,
          openedAt: '2026-03-05T06:00:00Z',
          closedAt: '2026-03-05T09:31:00Z',
          openPrice: 150.25,
          closePrice: 149.9,
          takeProfit: 149.5,
          commission: -8,
          swap: -1.5,
          profit: 466.9,
        }),
      ],
    });
    expect(lines).toEqual(['cursor 95', '--', closed, '--', closed, '--', 'cursor 107, samples 0']);
  });
});

(HAVE_CLANG ? describe : describe.skip)('the MT4 EA finds closed orders in its order history', () => {
  const driver = `${TERMINAL}
struct FakeOrder { int ticket; int type; const char *symbol; double lots; datetime opened, closed; double open_price, close_price, sl, tp,
  commission, swap, profit; const char *comment; int magic; };
static std::vector<FakeOrder> orders; // closed == 0: open
static const FakeOrder *current = nullptr;
datetime TimeCurrent() { return fake_now; }
static std::vector<const FakeOrder *> pool(int which) {
  std::vector<const FakeOrder *> out;
  // MT4's history is in no fixed order: the fake lists it newest ticket first.
  for (auto it = orders.rbegin(); it != orders.rend(); ++it) if ((it->closed != 0) == (which == MODE_HISTORY)) out.push_back(&*it);
  return out;
}
int OrdersTotal() { return (int)pool(MODE_TRADES).size(); }
int OrdersHistoryTotal() { return (int)pool(MODE_HISTORY).size(); }
bool OrderSelect(int index, int select, int which) {
  if (select == SELECT_BY_TICKET) { for (const FakeOrder &o : orders) if (o.ticket == index) { current = &o; return true; } return false; }
  std::vector<const FakeOrder *> list = pool(which);
  if (index < 0 || index >= (int)list.size()) return false;
  current = list[index];
  return true;
}
int OrderTicket() { return current->ticket; }
int OrderType() { return current->type; }
string OrderSymbol() { return mql_runtime_string(current->symbol); }
double OrderLots() { return current->lots; }
datetime OrderOpenTime() { return current->opened; }
datetime OrderCloseTime() { return current->closed; }
double OrderOpenPrice() { return current->open_price; }
double OrderClosePrice() { return current->close_price; }
double OrderStopLoss() { return current->sl; }
double OrderTakeProfit() { return current->tp; }
double OrderCommission() { return current->commission; }
double OrderSwap() { return current->swap; }
double OrderProfit() { return current->profit; }
string OrderComment() { return mql_runtime_string(current->comment); }
int OrderMagicNumber() { return current->magic; }
static FakeOrder &order(int ticket) { for (FakeOrder &o : orders) if (o.ticket == ticket) return o; std::abort(); }

int main() {
  g_serverOffset = ${OFFSET_S};
  // Closed before the EA: 10 (an hour and more before the last close) and 11 (within the hour); 12 still open.
  orders.push_back({10, OP_BUY, "EURUSD", 1, ${at('2026-03-05T01:00:00Z')}, ${at('2026-03-05T02:00:00Z')}, 1.2, 1.21, 0, 0, 0, 0, 100, "", 0});
  orders.push_back({11, OP_SELL, "EURUSD", 1, ${at('2026-03-05T05:00:00Z')}, ${at('2026-03-05T05:30:00Z')}, 1.2, 1.19, 0, 0, 0, 0, 100, "", 0});
  orders.push_back({12, OP_SELL, "GBPUSD", 0.5, ${at('2026-03-05T05:45:00Z')}, 0, 1.3, 0, 1.31, 1.28, -2, 0, -15, "", 0});
  orders.push_back({13, 4 /* OP_BUYSTOP: pending */, "EURUSD", 1, ${at('2026-03-05T05:50:00Z')}, 0, 1.25, 0, 0, 0, 0, 0, 0, "", 0});
  fake_now = ${at('2026-03-05T06:00:00Z')};
  g_watchSince = TimeCurrent();
  StartClosesHere();
  SampleExcursions();
  // 14 opens while watched and floats; then 14 and 12 close. 15 closes with an earlier close time than 14's, shown later.
  orders.push_back({14, OP_BUY, "EURUSD", 0.3, ${at('2026-03-05T07:00:00Z')}, 0, 1.1, 0, 1.09, 0, -1, 0, 0, "ea", 42});
  for (double profit : {5.0, -7.25, 18.5}) { order(14).profit = profit; SampleExcursions(); }
  order(14).closed = ${at('2026-03-05T09:00:00Z')}; order(14).close_price = 1.105; order(14).profit = 15; order(14).swap = -0.3;
  order(12).closed = ${at('2026-03-05T08:00:00Z')}; order(12).close_price = 1.29; order(12).profit = 50;
  fake_now = ${at('2026-03-05T09:00:05Z')};
  SampleExcursions();
  ScanClosedPositions(true);
  print_queue();
  orders.push_back({15, OP_SELL, "EURUSD", 1, ${at('2026-03-05T08:10:00Z')}, ${at('2026-03-05T08:50:00Z')}, 1.1, 1.099, 0, 0, -7, 0, 10, "", 0});
  ScanClosedPositions(true);
  print_queue();
  std::printf("samples %d\\n", ArraySize(g_excursionId));
}
`;

  it('queues each closed order once, also one that shows in the history after a later close, with the excursions it watched', () => {
    const lines = runMql(readMqlSource(MQ4), MQ4, driver).trim().split('\n');
    const gbp = position({
      position: '12',
      symbol: 'GBPUSD',
      side: 'sell',
      volume: 0.5,
      openedAt: '2026-03-05T05:45:00Z',
      closedAt: '2026-03-05T08:00:00Z',
      openPrice: 1.3,
      closePrice: 1.29,
      stopLoss: 1.31,
      takeProfit: 1.28,
      commission: -2,
      profit: 50,
    });
    const eur = position({
      position: '14',
      volume: 0.3,
      openedAt: '2026-03-05T07:00:00Z',
      closedAt: '2026-03-05T09:00:00Z',
      openPrice: 1.1,
      closePrice: 1.105,
      stopLoss: 1.09,
      commission: -1,
      swap: -0.3,
      profit: 15,
      comment: 'ea',
      magic: 42,
      mae: -7.25,
      mfe: 18.5,
    });
    const late = position({
      position: '15',
      side: 'sell',
      openedAt: '2026-03-05T08:10:00Z',
      closedAt: '2026-03-05T08:50:00Z',
      openPrice: 1.1,
      closePrice: 1.099,
      commission: -7,
      profit: 10,
    });
    // The history lists the newest ticket first: 14, then 12.
    const first = positionsBody({ positions: [eur, gbp] });
    expect(lines).toEqual([first, '--', first, positionsBody({ positions: [late] }), '--', 'samples 0']);
  });
});
