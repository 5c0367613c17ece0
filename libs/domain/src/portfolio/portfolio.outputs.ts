import Type, { type Static } from 'typebox';
import { Id, IsoDate, Nullable, Timestamp } from '../shared/schemas.js';
import { CrossAccountHedgeSchema } from '../coach/cross-account.js';

/** An exact amount as decimal text in the row's currency (JPY without decimals), never summed across rows. */
const Amount = (description: string) => Type.String({ pattern: '^-?\\d+(\\.\\d+)?$', description });
const Percent = (description: string) => Type.Number({ description });

export const PORTFOLIO_STATUSES = ['breached', 'rule_broken', 'stale', 'ok'] as const;

const FloorSchema = Type.Object({
  floor: Nullable(Amount('Equity below this breaches.')),
  left: Nullable(Amount('Equity now minus the floor.')),
  leftPercent: Nullable(Percent('`left` as % of the limit.')),
});

const PositionSchema = Type.Object({
  position: Type.String(),
  symbol: Type.String(),
  side: Type.Enum(['buy', 'sell']),
  volume: Amount('Lots.'),
  openedAt: Timestamp('ISO 8601 UTC.'),
  stopLoss: Nullable(Amount('Stop price; null: no stop.')),
  lossAtStop: Nullable(Amount('Loss if the stop is hit.')),
});

export const PortfolioRowSchema = Type.Object({
  accountId: Id('EA account id.'),
  challengeId: Nullable(Id('Linked challenge.')),
  firm: Nullable(Type.String()),
  plan: Nullable(Type.String()),
  phase: Nullable(Type.String()),
  label: Type.String({ description: 'Account name, told apart from alike ones.' }),
  currency: Type.String({ description: 'Currency of every amount of the row.' }),
  status: Type.Enum(PORTFOLIO_STATUSES, {
    description:
      'breached: a floor crossed; rule_broken: a trade rule broken (see `rules`; a hedge across accounts too); stale: no fresh snapshot; else ok.',
  }),
  rules: Type.Array(Type.String(), { description: 'The rules broken or crossed.' }),
  equity: Nullable(Amount('Equity of the latest snapshot, else report.')),
  balance: Nullable(Amount('Balance of the same.')),
  asOf: Nullable(Timestamp('Instant of that snapshot.')),
  ageMinutes: Nullable(Type.Integer({ description: 'Minutes since `asOf`.' })),
  daily: FloorSchema,
  max: FloorSchema,
  reset: Type.Object({
    at: Nullable(Timestamp('Next daily reset, UTC.')),
    local: Nullable(Timestamp("It in the firm's clock, with offset.")),
    timeZone: Nullable(Type.String({ description: "The firm's zone." })),
  }),
  day: Nullable(IsoDate('Firm day of today.')),
  closedPnl: Amount("Today's closed P&L: balance now minus at the day's start."),
  floatingPnl: Nullable(Amount('Equity minus balance of the latest snapshot.')),
  positions: Type.Array(PositionSchema, { description: 'Open at the latest snapshot.' }),
  noStop: Type.Integer({ description: 'Open positions without a stop.' }),
  crossAccount: Type.Array(CrossAccountHedgeSchema, {
    description: 'Opposite positions with another of your accounts at a firm that forbids it (rule crossAccountHedging).',
  }),
});
export type PortfolioRow = Static<typeof PortfolioRowSchema>;

export const PortfolioTodaySchema = Type.Object({
  at: Timestamp('When judged.'),
  staleAfterMinutes: Type.Integer(),
  accounts: Type.Array(PortfolioRowSchema, { description: 'Active accounts, most in danger first.' }),
});
export type PortfolioToday = Static<typeof PortfolioTodaySchema>;
