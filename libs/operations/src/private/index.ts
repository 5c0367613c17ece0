import type { Operation } from '@propfolio/core';
import type { DomainServices } from '@propfolio/domain';
import { accountOperations } from './accounts.js';
import { challengeOperations } from './challenges.js';
import { payoutOperations } from './payouts.js';
import { summaryOperations } from './summary.js';

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
] as const;

/** The operations on the caller's own records (all need an API key), in a fixed order. */
export function privateOperations(services: DomainServices): Operation[] {
  const all = [
    ...summaryOperations(services),
    ...challengeOperations(services),
    ...payoutOperations(services),
    ...accountOperations(services),
  ];
  return ORDER.map((name) => {
    const operation = all.find((op) => op.name === name);
    if (!operation) throw new Error(`privateOperations: ${name} is not defined`);
    return operation;
  });
}
