import { defineOperation, type Operation } from '@propfolio/core';
import {
  AccountPageSchema,
  AccountReportInput,
  AccountSchema,
  DailyPnlInput,
  DailyPnlSchema,
  ListAccountsInput,
  RegisterAccountInput,
  ReportResultSchema,
  type DomainServices,
} from '@propfolio/domain';
import { callerOf, NO_DELETE, KEY_CREATE, KEY_IDEMPOTENT_WRITE, KEY_READ } from './caller.js';

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
];
