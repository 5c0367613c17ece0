import { defineOperation, type Operation } from '@propfolio/core';
import {
  AccountLookupInput,
  AccountSnapshotInput,
  AccountReportInput,
  DailyPnlInput,
  ListAccountsInput,
  RegisterAccountInput,
  UpdateAccountInput,
} from './accounts.inputs.js';
import { AccountPageSchema, AccountSchema, DailyPnlSchema, ReportResultSchema, SnapshotResultSchema } from './accounts.outputs.js';
import { ImportStatementInput } from '../statements/statements.inputs.js';
import { StatementImportSchema } from '../statements/statements.outputs.js';
import { type DomainServices } from '../services.js';
import { MAX_STATEMENT_BYTES } from '@propfolio/mt-statements';
import { callerOf, NO_DELETE, KEY_CREATE, KEY_IDEMPOTENT_WRITE, KEY_READ } from '../shared/operation-flags.js';

export const accountOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'list_accounts',
    title: 'List EA accounts',
    description:
      "Lists the caller's MetaTrader accounts tracked by the EA, newest first, with balance, equity, P&L and P&L % against the initial balance, the linked challenge and an archived flag. Active accounts only by default; `archived=include` adds archived ones (from a past phase or a breached challenge), `archived=only` lists just those. Paginated with `cursor`.",
    ...KEY_READ,
    input: ListAccountsInput,
    output: AccountPageSchema,
    rest: { method: 'GET', path: '/accounts' },
    run: async (ctx, input) => services.accounts.list(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'get_account_daily_pnl',
    title: 'Daily P&L of an EA account',
    description:
      'Returns the daily series of one EA account over the last `days` days ending today UTC (default 30, 1 to 366): one entry per calendar day, oldest first, with balance, equity and closed P&L. Days the EA did not report appear with `reported: false` and null figures (nothing is interpolated). Also gives the number of reported days and the total closed P&L.',
    ...KEY_READ,
    input: DailyPnlInput,
    output: DailyPnlSchema,
    rest: { method: 'GET', path: '/accounts/:id/daily-pnl' },
    run: async (ctx, input) => services.dailyPnl.series(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'register_account',
    // Fed by the EA P&L tracker over REST; not an agent tool.
    mcp: false,
    tracker: true,
    title: 'Register an EA account',
    description: `Registers a MetaTrader account for the EA tracker: login, server, deposit currency and initial balance, optionally the challenge it trades (not a failed one) and a name. A login already registered on the same server answers 409. Returns the account; its id is what the EA reports to. ${NO_DELETE}`,
    ...KEY_CREATE,
    input: RegisterAccountInput,
    output: AccountSchema,
    rest: { method: 'POST', path: '/accounts', status: 201 },
    run: async (ctx, input) => services.accounts.register(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'update_account',
    title: 'Link or rename an EA account',
    description: `Links an EA account to a challenge (for example one the tracker registered before it was linked) and/or renames it. Not a failed challenge (409 challenge_closed), not an archived account (409 account_archived). Returns the account. ${NO_DELETE}`,
    auth: 'key',
    readOnly: false,
    idempotent: true,
    input: UpdateAccountInput,
    output: AccountSchema,
    rest: { method: 'PATCH', path: '/accounts/:id' },
    run: async (ctx, input) => services.accounts.update(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'find_account',
    // The EA tracker's way back to the account it registered; agents list accounts instead.
    mcp: false,
    tracker: true,
    title: 'Find an EA account by login',
    description:
      "Finds the caller's EA account with this login on this server, archived or not, so a tracker that registered it before can report to it again. 404 when there is none (then register it).",
    ...KEY_READ,
    input: AccountLookupInput,
    output: AccountSchema,
    rest: { method: 'GET', path: '/accounts/lookup' },
    run: async (ctx, input) => services.accounts.lookup(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'push_account_snapshot',
    // Fed by the EA P&L tracker over REST; not an agent tool.
    mcp: false,
    tracker: true,
    title: 'Push an intraday EA snapshot',
    description:
      "The EA tracker's intraday push: balance and equity at an instant. The service keeps, per account and firm day (the linked plan's roll-over), the latest figures and the day's lowest and highest equity, which rule headroom judges daily loss and equity floors on. Idempotent: the same instant again answers `unchanged`; an older snapshot never replaces newer figures. The answer names the firm day and when it ends, after which the tracker pushes that day's report. An archived account refuses snapshots with 409 account_archived.",
    ...KEY_IDEMPOTENT_WRITE,
    input: AccountSnapshotInput,
    output: SnapshotResultSchema,
    rest: { method: 'POST', path: '/accounts/:id/snapshots', status: 200 },
    run: async (ctx, input) => services.snapshots.push(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'push_account_report',
    // Fed by the EA P&L tracker over REST; not an agent tool.
    mcp: false,
    tracker: true,
    title: 'Push a daily EA report',
    description:
      "The EA tracker's daily push for one account: balance, equity and closed P&L of a trading day. Idempotent per account and day: an identical retry changes nothing (outcome `unchanged`), different figures replace that day's (`updated`). The account's balance follows its latest day. An archived account refuses reports with 409 account_archived.",
    ...KEY_IDEMPOTENT_WRITE,
    input: AccountReportInput,
    output: ReportResultSchema,
    rest: { method: 'POST', path: '/accounts/:id/reports', status: 200 },
    run: async (ctx, input) => services.reports.push(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'import_statement',
    title: 'Import a MetaTrader statement',
    description:
      "Imports the account history MetaTrader exports (MT5 history report or MT4 detailed statement, HTML) into an EA account's daily P&L: each firm day's closed P&L (trades, commissions, swaps; deposits are not profit) and end-of-day balance. The statement's login must be the account's. All or nothing: a file of another account, cut, or not a statement is refused whole. Importing the same file again changes nothing; a newer overlapping one adds what is new and lists the figures it replaced. `dryRun: true` previews without writing.",
    auth: 'key',
    readOnly: false,
    idempotent: true,
    input: ImportStatementInput,
    output: StatementImportSchema,
    // base64 of the largest statement, plus the JSON around it.
    rest: { method: 'POST', path: '/accounts/:id/statements', bodyLimitBytes: Math.ceil((MAX_STATEMENT_BYTES * 4) / 3) + 64 * 1024 },
    run: async (ctx, input) => services.statements.import(callerOf(ctx), input),
  }),
];
