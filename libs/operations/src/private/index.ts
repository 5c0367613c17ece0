import type { Operation } from '@propfolio/core';
import type { DomainServices } from '@propfolio/domain';
import { accountOperations } from './accounts.js';
import { challengeOperations } from './challenges.js';
import { payoutOperations } from './payouts.js';
import { summaryOperations } from './summary.js';
import { ledgerOperations } from './ledger.js';
import { analyticsOperations } from './analytics.js';

export { callerOf } from './caller.js';

const ORDER = [
  'get_summary',
  'list_challenges',
  'get_challenge',
  'create_challenge',
  'update_challenge',
  'add_memo',
  'add_payout',
  'list_payouts',
  'list_accounts',
  'get_account_daily_pnl',
  'register_account',
  'push_account_report',
  'add_cost',
  'update_payout',
  'get_analytics',
  'get_tax_year',
  'import_fx_rates',
] as const;

/** The operations on the caller's own records (all need an API key), in a fixed order. */
export function privateOperations(services: DomainServices): Operation[] {
  const all = [
    ...summaryOperations(services),
    ...challengeOperations(services),
    ...payoutOperations(services),
    ...accountOperations(services),
    ...ledgerOperations(services),
    ...analyticsOperations(services),
  ];
  return ORDER.map((name) => {
    const operation = all.find((op) => op.name === name);
    if (!operation) throw new Error(`privateOperations: ${name} is not defined`);
    return operation;
  });
}
