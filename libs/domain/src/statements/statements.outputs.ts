import Type, { type Static } from 'typebox';
import { Id, IsoDate, Money, Nullable } from '../shared/schemas.js';
import { IMPORT_FORMATS } from './import-formats.js';

const ClockTradeSchema = Type.Object({
  file: Type.String({ description: 'Its close time in the file’s clock, `YYYY-MM-DD HH:MM:SS` and the offset the file states.' }),
  utc: Type.String({ description: 'That instant in UTC (ISO 8601).' }),
  firmDay: IsoDate('The firm day it counts on.'),
});

const FileClockSchema = Type.Object(
  {
    source: Type.Enum(['file', 'option', 'default', 'server'], {
      description:
        '`file`: every time carried its offset; `option`: read in `fileTimeZone`; `default`: the platform’s default zone; `server`: a MetaTrader statement in `serverTimeZone`.',
    }),
    zone: Nullable(Type.String({ description: 'The zone times without an offset were read in.' })),
    first: Nullable(ClockTradeSchema),
    last: Nullable(ClockTradeSchema),
  },
  { description: 'How the file’s times were read, with its first and last closed trade: check them before importing.' },
);

const ImportedDaySchema = Type.Object({
  date: IsoDate('The firm day (the linked plan’s roll-over; UTC midnight when unknown).'),
  outcome: Type.Enum(['created', 'updated', 'unchanged'], {
    description:
      '`created`: a new day; `updated`: it replaced different figures (see `previous`); `unchanged`: the same figures were there.',
  }),
  closedPnl: Money('Closed P&L of the day: trades, commissions, swaps and fees; deposits and withdrawals excluded.'),
  balance: Money('End-of-day balance.'),
  deposits: Money('Deposits and credits that day (not profit).'),
  withdrawals: Money('Withdrawals that day (positive amount).'),
  trades: Type.Integer({ description: 'Closing deals that day.' }),
  previous: Nullable(
    Type.Object(
      { balance: Money('Balance it replaced.'), closedPnl: Money('Closed P&L it replaced.') },
      { description: 'The figures an `updated` day replaced; null otherwise.' },
    ),
  ),
});

export const StatementImportSchema = Type.Object({
  accountId: Id('EA account id.'),
  dryRun: Type.Boolean({ description: 'true: a preview; nothing was written.' }),
  format: Type.Enum([...IMPORT_FORMATS], { description: 'The format read (detected from the content unless `format` was sent).' }),
  platform: Type.Enum(
    ['mt5', 'mt4', 'ctrader', 'dxtrade', 'matchtrader', 'tradelocker', 'ninjatrader', 'tradovate', 'topstepx', 'rithmic', 'other'],
    { description: 'Which platform wrote the file.' },
  ),
  login: Type.String({
    description: 'Account login: the statement’s (it matched the account’s), or the account’s for an export that names none.',
  }),
  clock: FileClockSchema,
  currency: Nullable(Type.String({ description: 'Deposit currency the statement states.' })),
  serverTimeZone: Type.String({ description: 'The broker clock its times were read in.' }),
  rolloverKnown: Type.Boolean({ description: 'False when the plan’s roll-over is unknown and days were cut at UTC midnight.' }),
  from: Nullable(IsoDate('First day in the statement.')),
  to: Nullable(IsoDate('Last day in the statement.')),
  created: Type.Integer({ description: 'Days added.' }),
  updated: Type.Integer({ description: 'Days whose figures were replaced.' }),
  unchanged: Type.Integer({ description: 'Days already recorded with the same figures.' }),
  changedFrom: Nullable(IsoDate('First day created or updated.')),
  changedTo: Nullable(IsoDate('Last day created or updated.')),
  daysTotal: Type.Integer({ description: 'Days in the statement.' }),
  days: Type.Array(ImportedDaySchema, { description: 'The days, oldest first: at most 1,000 (after `daysAfter`).' }),
  nextDaysAfter: Nullable(IsoDate('Send as `daysAfter` for the next days; null on the last page.')),
  trades: Type.Object(
    {
      read: Type.Integer({ description: 'Closed positions in the file (each becomes one trade of the account).' }),
      created: Type.Integer({ description: 'Trades added.' }),
      updated: Type.Integer({ description: 'Trades whose figures changed (their tags, note, setup and planned risk are kept).' }),
      unchanged: Type.Integer({ description: 'Trades already recorded with the same figures.' }),
    },
    { description: 'The file’s closed positions as trades; on a dry run, what the import would do.' },
  ),
  skipped: Type.Array(
    Type.Object({
      ticket: Type.String({ description: 'Deal or ticket number.' }),
      reason: Type.String({ description: 'Why it was left out.' }),
    }),
    { description: 'Rows left out, each with the reason.' },
  ),
  warnings: Type.Array(Type.String(), {
    description: 'Things to check, e.g. a first deposit that differs from the account’s initial balance.',
  }),
  notices: Type.Array(
    Type.Object({
      code: Type.String({ description: 'e.g. default_clock, futures_pnl, currency_differs.' }),
      params: Type.Object({}, { additionalProperties: Type.Union([Type.String(), Type.Number()]) }),
    }),
    { description: 'warnings as codes with their figures, same order, for a client to word in its language.' },
  ),
});
export type StatementImport = Static<typeof StatementImportSchema>;
