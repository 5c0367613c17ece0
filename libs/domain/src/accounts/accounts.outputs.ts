import Type, { type Static } from 'typebox';
import { PLATFORMS } from '@propfolio/coach';
import { Id, IsoDate, Money, Nullable, PageOf, Timestamp } from '../shared/schemas.js';

export const AccountSchema = Type.Object({
  id: Id('EA account id.'),
  name: Nullable(Type.String({ description: 'Label of the account.' })),
  login: Type.String({ description: 'Trading account number at the broker.' }),
  server: Type.String({ description: 'Broker trade server.' }),
  currency: Type.String({ description: 'ISO 4217 deposit currency.' }),
  platform: Nullable(
    Type.Enum([...PLATFORMS], { description: 'Trading platform, when recorded (the tracker’s, a first import’s or the trader’s).' }),
  ),
  initialBalance: Money('Starting balance.'),
  balance: Money('Balance from the latest report (the starting balance before any).'),
  equity: Money('Equity from the latest report.'),
  pnl: Money('balance − initialBalance.'),
  pnlPercent: Type.Number({ description: '(balance − initialBalance) / initialBalance × 100, rounded to 2 decimals.' }),
  lastReportOn: Nullable(IsoDate('Day of the latest report; null before the first.')),
  archived: Type.Boolean({ description: 'True once archived (phase change or breach of its challenge): no more reports accepted.' }),
  archivedAt: Nullable(Timestamp('When it was archived.')),
  archivedReason: Nullable(Type.String({ description: 'Why it was archived.' })),
  challenge: Nullable(
    Type.Object({
      id: Id('Linked challenge id.'),
      firm: Type.String(),
      plan: Type.String(),
      phase: Type.String(),
    }),
  ),
  createdAt: Timestamp('When it was registered.'),
});
export type AccountView = Static<typeof AccountSchema>;

/** An account as list_accounts shows it: with its latest snapshot, the figures of now and of its firm day. */
export const ListedAccountSchema = Type.Object({
  ...AccountSchema.properties,
  snapshot: Nullable(
    Type.Object(
      {
        at: Timestamp('When it was taken.'),
        day: IsoDate('Its firm day.'),
        balance: Money('Balance then.'),
        equity: Money('Equity then.'),
        floating: Money('equity − balance.'),
        equityPercent: Type.Number({ description: '(equity − initialBalance) / initialBalance × 100, 2 decimals.' }),
        dayFirst: Money("The day's first equity."),
        dayLow: Money("The day's lowest equity."),
        dayHigh: Money("The day's highest equity."),
      },
      { description: 'Latest snapshot; null before any.' },
    ),
  ),
});
export type ListedAccountView = Static<typeof ListedAccountSchema>;

export const AccountPageSchema = PageOf(ListedAccountSchema, 'Newest first (by registration).');
export type AccountPage = Static<typeof AccountPageSchema>;

export const DailyPnlEntrySchema = Type.Object({
  date: IsoDate('The day.'),
  reported: Type.Boolean({ description: 'False when the EA sent no report for that day; the figures are then null.' }),
  balance: Nullable(Money('End-of-day balance.')),
  equity: Nullable(Money('Equity at report time.')),
  closedPnl: Nullable(Money('P&L of trades closed that day.')),
});

export const DailyPnlSchema = Type.Object({
  accountId: Id('EA account id.'),
  currency: Type.String({ description: 'Currency of every amount.' }),
  from: IsoDate('First day of the series.'),
  to: IsoDate('Last day of the series (today, UTC).'),
  reportedDays: Type.Integer({ description: 'Days with a report.' }),
  closedPnlTotal: Money('Sum of closedPnl over the reported days.'),
  days: Type.Array(DailyPnlEntrySchema, { description: 'One entry per calendar day, oldest first, gaps included.' }),
});
export type DailyPnlSeries = Static<typeof DailyPnlSchema>;

export const ReportResultSchema = Type.Object({
  accountId: Id('EA account id.'),
  date: IsoDate('Day of the report.'),
  outcome: Type.Enum(['created', 'updated', 'unchanged'], {
    description: '`created` for a new day, `updated` when it replaced different figures, `unchanged` for an identical retry.',
  }),
  balance: Money('Balance now on the account.'),
  equity: Money('Equity now on the account.'),
});
export type ReportResult = Static<typeof ReportResultSchema>;

export const SnapshotResultSchema = Type.Object({
  accountId: Id('EA account id.'),
  at: Timestamp('Instant of the snapshot pushed.'),
  day: IsoDate("The firm day it belongs to (the linked plan's roll-over; UTC midnight when unknown)."),
  dayStartsAt: Timestamp('When that firm day started (UTC).'),
  dayEndsAt: Timestamp('When it ends (UTC): push the daily report for `day` after this instant.'),
  rolloverKnown: Type.Boolean({ description: "False when the plan's roll-over is unknown and UTC midnight was used." }),
  outcome: Type.Enum(['created', 'updated', 'unchanged'], {
    description:
      '`created`: the first snapshot of the day; `updated`: folded into the day (see `latest`); `unchanged`: a retry of the day’s latest snapshot (same instant and figures), nothing written.',
  }),
  latest: Type.Boolean({
    description:
      'true: this snapshot is the day’s latest (its figures are `balance` and `equity`); false: a newer one was already stored, so this one only counted toward the day’s extremes.',
  }),
  balance: Money('Latest balance of the day.'),
  equity: Money('Latest equity of the day.'),
  minEquity: Money("The day's lowest equity so far."),
  maxEquity: Money("The day's highest equity so far."),
});
export type SnapshotResult = Static<typeof SnapshotResultSchema>;
