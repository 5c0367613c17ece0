/**
 * The trade rules' part of a headroom answer as a JSON Schema (OpenAPI and MCP output): each rule's
 * status and the trades that decided it, named by position id, symbol and instants.
 */
import Type, { type Static } from 'typebox';
import { Day, Money, Nullable, Percent, Timestamp } from '../shared/schema.js';

const TradeRefSchema = Type.Object({
  position: Type.String({ description: 'Position id or ticket.' }),
  symbol: Type.String(),
  side: Type.Enum(['buy', 'sell']),
  volume: Type.Number({ description: 'Lots.' }),
  openedAt: Timestamp('ISO 8601 UTC.'),
  closedAt: Timestamp('ISO 8601 UTC.'),
  net: Money('Net profit.'),
});

const Status = (also: string) =>
  Nullable(Type.Enum(['ok', 'warning', 'breached'], { description: `Null when the rule is unknown${also}.` }));
const Rule = Nullable(Type.Enum(['allowed', 'banned'], { description: "The plan's rule; null when unknown." }));
const Count = Type.Integer({ minimum: 0, description: 'How many were found (the list holds at most 20).' });

export const TradeRulesSchema = Type.Object(
  {
    tradesRead: Type.Integer({ minimum: 0, description: 'Closed trades of the attempt judged.' }),
    truncated: Type.Boolean({ description: 'True when only the newest trades were read.' }),
    weekendHolding: Type.Object({
      rule: Rule,
      status: Status(' or the roll-over is'),
      count: Count,
      trades: Type.Array(
        Type.Object({ ...TradeRefSchema.properties, weekendClose: Timestamp("Friday's roll-over it was held across, UTC.") }),
      ),
    }),
    hedging: Type.Object({
      rule: Rule,
      status: Status(''),
      count: Count,
      pairs: Type.Array(Type.Tuple([TradeRefSchema, TradeRefSchema]), { description: 'Opposite positions on one symbol open together.' }),
    }),
    maxRiskPerTrade: Type.Object({
      percent: Nullable(Percent("The plan's cap on one trade's loss, percent of the initial balance.")),
      limit: Nullable(Money('That cap as an amount.')),
      status: Status(''),
      count: Count,
      trades: Type.Array(
        Type.Object({ ...TradeRefSchema.properties, loss: Money('Net loss.'), status: Type.Enum(['warning', 'breached']) }),
        { description: 'Closed trades over the cap, then near it, worst first.' },
      ),
      openAsOf: Nullable(Timestamp('The tracker snapshot the open positions are from; null when none sent them by `at`.')),
      openCount: Count,
      open: Type.Array(
        Type.Object({
          position: TradeRefSchema.properties.position,
          symbol: Type.String(),
          side: Type.Enum(['buy', 'sell']),
          volume: Type.Number({ description: 'Lots.' }),
          openedAt: Timestamp('ISO 8601 UTC.'),
          stopLoss: Nullable(Type.Number({ description: 'Stop price; null: no stop.' })),
          lossAtStop: Nullable(Money('Net loss if the stop is hit; null: no stop, so not bounded.')),
          status: Type.Enum(['warning', 'breached']),
        }),
        { description: 'Open positions whose stop risks more than the cap, or near it, or that have no stop.' },
      ),
    }),
    bestDay: Type.Object({
      day: Nullable(Day('Firm day whose closed trades made the most.')),
      profit: Money("That day's net."),
      totalProfit: Money('Net of all trades judged.'),
      sharePercent: Nullable(Percent('Best day ÷ total profit × 100; null when the total is not a profit.')),
      maxPercent: Nullable(Percent("The best-day rule's share of the total profit; null without such a rule.")),
      status: Status(' or not of the total profit'),
      trades: Type.Array(TradeRefSchema, { description: "The best day's trades, largest first." }),
    }),
  },
  { description: 'Rules judged on the closed trades of the attempt; null when the caller sent no trades.' },
);

export type TradeRules = Static<typeof TradeRulesSchema>;
export type TradeRef = Static<typeof TradeRefSchema>;
