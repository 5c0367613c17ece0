import type { Database } from '@propfolio/db';
import { AccountService } from './accounts/account-service.js';
import { DailyPnlService } from './accounts/daily-pnl-service.js';
import { ReportService } from './accounts/report-service.js';
import { ChallengeService } from './challenges/challenge-service.js';
import { ChallengeUpdater } from './challenges/challenge-updater.js';
import { MemoService } from './challenges/memo-service.js';
import { IdempotencyStore } from './idempotency/idempotency-store.js';
import { ApiKeyService } from './keys/api-key-service.js';
import { Revocations } from './keys/credential-cache.js';
import { PayoutService } from './payouts/payout-service.js';
import { SummaryService } from './summary/summary-service.js';
import { TrashService } from './trash/trash-service.js';
import { InviteService } from './users/invite-service.js';
import { SessionService } from './users/session-service.js';
import { SetupService } from './users/setup-service.js';
import { UserService } from './users/user-service.js';
import { LedgerService } from './ledger/ledger-service.js';
import { FxService } from './fx/fx-service.js';
import { AnalyticsService } from './analytics/analytics-service.js';
import { TaxYearService } from './analytics/tax-year.js';

/** Every domain service over one database; build once per process. */
export interface DomainServices {
  challenges: ChallengeService;
  challengeUpdates: ChallengeUpdater;
  memos: MemoService;
  payouts: PayoutService;
  accounts: AccountService;
  dailyPnl: DailyPnlService;
  reports: ReportService;
  summary: SummaryService;
  keys: ApiKeyService;
  idempotency: IdempotencyStore;
  users: UserService;
  sessions: SessionService;
  invites: InviteService;
  setup: SetupService;
  trash: TrashService;
  ledger: LedgerService;
  fx: FxService;
  analytics: AnalyticsService;
  taxYear: TaxYearService;
}

export interface DomainOptions {
  /** Sliding session lifetime (default 30). */
  sessionDays?: number;
  /** Days a deleted record stays restorable (default 30). */
  trashRetentionDays?: number;
}

export function createDomainServices(db: Database, options: DomainOptions = {}): DomainServices {
  // One revocation signal for the process's key and session caches, whichever service revokes.
  const credentials = new Revocations();
  const users = new UserService(db, credentials);
  return {
    users,
    sessions: new SessionService(db, options.sessionDays ?? 30, credentials),
    invites: new InviteService(db),
    setup: new SetupService(db, users),
    trash: new TrashService(db, options.trashRetentionDays ?? 30),
    challenges: new ChallengeService(db),
    challengeUpdates: new ChallengeUpdater(db),
    memos: new MemoService(db),
    payouts: new PayoutService(db),
    accounts: new AccountService(db),
    dailyPnl: new DailyPnlService(db),
    reports: new ReportService(db),
    summary: new SummaryService(db),
    keys: new ApiKeyService(db, credentials),
    idempotency: new IdempotencyStore(db),
    ledger: new LedgerService(db),
    fx: new FxService(db),
    analytics: new AnalyticsService(db),
    taxYear: new TaxYearService(db),
  };
}
