import type { Operation } from '@propfolio/core';
import type { DomainServices } from './services.js';
import { accountOperations } from './accounts/accounts.operations.js';
import { challengeOperations } from './challenges/challenges.operations.js';
import { payoutOperations } from './payouts/payouts.operations.js';
import { summaryOperations } from './summary/summary.operations.js';
import { ledgerOperations } from './ledger/ledger.operations.js';
import { analyticsOperations } from './analytics/analytics.operations.js';
import { coachOperations } from './coach/coach.operations.js';
import { statementOperations } from './statements/statements.operations.js';
import { tradeOperations } from './trades/trades.operations.js';
import { alertOperations } from './alerts/alerts.operations.js';
import { alertChannelOperations } from './alert-channels/alert-channels.operations.js';
import { calendarOperations } from './calendar/calendar.operations.js';
import { userOperations } from './users/users.operations.js';
import { planFitOperations } from './planfit/planfit.operations.js';
import { portfolioOperations } from './portfolio/portfolio.operations.js';
import { groupsOperations } from './groups/groups.operations.js';
import { tradeScreenshotOperations } from './trade-screenshots/trade-screenshots.operations.js';

/**
 * The published order is written here once: group by group, each group's operations in the order its file
 * defines them. An operation added to a file joins by its definition alone; a new file joins with its
 * import and one entry below (operations.spec.ts fails for a `*Operations` export left out).
 */
const GROUPS: readonly ((services: DomainServices) => Operation[])[] = [
  summaryOperations,
  portfolioOperations,
  challengeOperations,
  payoutOperations,
  accountOperations,
  groupsOperations,
  statementOperations,
  tradeOperations,
  tradeScreenshotOperations,
  coachOperations,
  planFitOperations,
  alertOperations,
  alertChannelOperations,
  calendarOperations,
  ledgerOperations,
  analyticsOperations,
  userOperations,
];

/** The operations on the caller's own records (all need an API key), in a fixed order. */
export function privateOperations(services: DomainServices): Operation[] {
  return GROUPS.flatMap((group) => group(services));
}
