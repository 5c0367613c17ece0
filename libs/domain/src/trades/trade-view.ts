import { columns } from '../shared/json-rows.js';
import { toMoney, type Decimal } from '../shared/money.js';
import type { Outcome, Side } from './trades.inputs.js';
import type { TradeView } from './trades.outputs.js';
import type { TradeRow as Trade } from './trades.repository.js';

/** Every column of a trade by how it travels as JSON, for the one-statement list read. */
export const TRADE = columns<Trade>()({
  plain: 'id accountId userId position symbol side comment exits tags note setup signalId',
  decimal: 'volume openPrice closePrice stopLoss takeProfit commission swap fee profit net magic mae mfe plannedRisk',
  instant: 'openedAt closedAt createdAt updatedAt',
});

/**
 * Half a cent: a net below it in size rounds to 0.00 in the account currency and counts as breakeven. The
 * one definition of a trade's outcome (docs/trades.md); the SQL of the list filter and the stats uses it too.
 */
export const BREAKEVEN_BELOW = '0.005';

export function outcomeOf(net: Decimal): Outcome {
  if (net.greaterThanOrEqualTo(BREAKEVEN_BELOW)) return 'win';
  if (net.lessThanOrEqualTo(`-${BREAKEVEN_BELOW}`)) return 'loss';
  return 'breakeven';
}

/** The SQL twin of `outcomeOf` over a net column: 1 win, −1 loss, 0 breakeven. */
export const outcomeSql = (net: string): string =>
  `(CASE WHEN ${net} >= ${BREAKEVEN_BELOW} THEN 1 WHEN ${net} <= -${BREAKEVEN_BELOW} THEN -1 ELSE 0 END)`;

const nullableMoney = (value: Decimal | null): number | null => (value === null ? null : toMoney(value));

interface StoredExit {
  at: string;
  volume: number;
  price: number;
  profit: number;
}

export function tradeView(trade: Trade): TradeView {
  const risk = trade.plannedRisk;
  return {
    id: trade.id,
    accountId: trade.accountId,
    position: trade.position,
    symbol: trade.symbol,
    side: trade.side as Side,
    volume: toMoney(trade.volume),
    openedAt: trade.openedAt.toISOString(),
    closedAt: trade.closedAt.toISOString(),
    holdingSeconds: Math.round((trade.closedAt.getTime() - trade.openedAt.getTime()) / 1000),
    openPrice: toMoney(trade.openPrice),
    closePrice: toMoney(trade.closePrice),
    stopLoss: nullableMoney(trade.stopLoss),
    takeProfit: nullableMoney(trade.takeProfit),
    commission: toMoney(trade.commission),
    swap: toMoney(trade.swap),
    fee: toMoney(trade.fee),
    profit: toMoney(trade.profit),
    net: toMoney(trade.net),
    outcome: outcomeOf(trade.net),
    comment: trade.comment,
    magic: nullableMoney(trade.magic),
    mae: nullableMoney(trade.mae),
    mfe: nullableMoney(trade.mfe),
    exits: (trade.exits as unknown as StoredExit[]).map((e) => ({ at: e.at, volume: e.volume, price: e.price, profit: e.profit })),
    tags: trade.tags,
    note: trade.note,
    setup: trade.setup,
    plannedRisk: nullableMoney(risk),
    r: risk === null || risk.isZero() ? null : toMoney(trade.net.dividedBy(risk).toDecimalPlaces(2)),
    signalId: trade.signalId,
    // The news window it fell in: set by the service when the account's plan has a news rule (NewsService.marks).
    news: null,
  };
}
