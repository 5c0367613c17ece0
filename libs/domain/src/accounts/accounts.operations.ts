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
import type { AccountService } from './accounts.service.js';
import type { DailyPnlService } from './daily-pnl.service.js';
import type { ReportService } from './report.service.js';
import type { SnapshotService } from './snapshot.service.js';
import { callerOf, KEY_CREATE, KEY_IDEMPOTENT_WRITE, KEY_READ } from '../shared/operation-flags.js';

/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface AccountsOperationServices {
  accounts: AccountService;
  dailyPnl: DailyPnlService;
  reports: ReportService;
  snapshots: SnapshotService;
}

export const accountOperations = (services: AccountsOperationServices): Operation[] => [
  defineOperation({
    name: 'list_accounts',
    title: 'List EA accounts',
    description: 'Lists your EA accounts, newest first, with latest snapshot and linked challenge.',
    ...KEY_READ,
    input: ListAccountsInput,
    output: AccountPageSchema,
    rest: { method: 'GET', path: '/accounts' },
    run: async (ctx, input) => services.accounts.list(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'get_account_daily_pnl',
    title: 'Account daily P&L',
    description: "Returns an EA account's balance, equity and closed P&L per calendar day, oldest first; unreported days: reported false.",
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
    description: `Registers a MetaTrader account for the EA tracker. Returns the account; its id is what the tracker pushes snapshots and reports to. A login already registered on the same server answers 409 conflict: find it with find_account instead.`,
    ...KEY_CREATE,
    input: RegisterAccountInput,
    output: AccountSchema,
    rest: { method: 'POST', path: '/accounts', status: 201 },
    run: async (ctx, input) => services.accounts.register(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'update_account',
    title: 'Link or rename an EA account',
    description: 'Links an EA account to a challenge, renames it or sets its platform. Returns it.',
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
      "Finds the caller's EA account with this login on this server, archived or not, so a tracker that registered it before can report to it again. Returns the account, or 404 not_found when there is none (then use register_account).",
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
      "The EA tracker's intraday push. Keeps per account and firm day the latest figures and the day's equity low and high, which get_headroom judges floors on. Idempotent: the same instant again answers `unchanged`; an older snapshot never replaces newer figures. Returns the firm day and its end, when the tracker pushes that day's report. An archived account answers 409 account_archived.",
    ...KEY_IDEMPOTENT_WRITE,
    input: AccountSnapshotInput,
    output: SnapshotResultSchema,
    rest: { method: 'POST', path: '/accounts/:id/snapshots', status: 200 },
    admit: async (ctx, raw) => services.snapshots.admit(callerOf(ctx), raw),
    run: async (ctx, input) => services.snapshots.push(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'push_account_report',
    // Fed by the EA P&L tracker over REST; not an agent tool.
    mcp: false,
    tracker: true,
    title: 'Push a daily EA report',
    description:
      "The EA tracker's end-of-day push for one account. Idempotent per account and day: an identical retry changes nothing (outcome `unchanged`), different figures replace that day's (`updated`). Returns the outcome; the account's balance follows its latest day. An archived account answers 409 account_archived.",
    ...KEY_IDEMPOTENT_WRITE,
    input: AccountReportInput,
    output: ReportResultSchema,
    rest: { method: 'POST', path: '/accounts/:id/reports', status: 200 },
    run: async (ctx, input) => services.reports.push(callerOf(ctx), input, ctx.now),
  }),
];
