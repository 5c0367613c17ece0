import type { Operation } from '@propfolio/core';
import type { DomainServices } from '@propfolio/domain';
import { accountOperations } from './accounts.js';
import { challengeOperations } from './challenges.js';
import { payoutOperations } from './payouts.js';
import { summaryOperations } from './summary.js';
import { ledgerOperations } from './ledger.js';
import { analyticsOperations } from './analytics.js';
import { coachOperations } from './coach.js';

/**
 * The published order is written here once: group by group, each group's operations in the order its file
 * defines them. An operation added to a file joins by its definition alone; a new file joins with its
 * import and one entry below (private-operations.spec.ts fails for a `*Operations` export left out).
 */
const GROUPS: readonly ((services: DomainServices) => Operation[])[] = [
  summaryOperations,
  challengeOperations,
  payoutOperations,
  accountOperations,
  coachOperations,
  ledgerOperations,
  analyticsOperations,
];

/** The operations on the caller's own records (all need an API key), in a fixed order. */
export function privateOperations(services: DomainServices): Operation[] {
  return GROUPS.flatMap((group) => group(services));
}
