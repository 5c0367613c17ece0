import { AppError, type AlertsConfig } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { AccountService } from './accounts/accounts.service.js';
import { AccountsRepository, type AccountChallengeFacts } from './accounts/accounts.repository.js';
import { DailyPnlService } from './accounts/daily-pnl.service.js';
import { ReportService } from './accounts/report.service.js';
import { SnapshotService } from './accounts/snapshot.service.js';
import { challengeRollover, challengeRules, rolloverOf, type PlanRulesSource } from './coach/challenge-rules.js';
import { CoachService } from './coach/coach.service.js';
import { CoachRepository } from './coach/coach.repository.js';
import type { Simulator } from './coach/simulation.service.js';
import { PlanFitService, type Fitter, type Replayer } from './planfit/planfit.service.js';
import { PlanFitRepository } from './planfit/planfit.repository.js';
import {
  readStatementInProcess,
  readTradeFileInProcess,
  StatementImportService,
  type StatementReader,
  type TradeFileReading,
} from './statements/statements.service.js';
import { StatementsRepository } from './statements/statements.repository.js';
import { ChallengeService } from './challenges/challenges.service.js';
import { ChallengesRepository } from './challenges/challenges.repository.js';
import type { PlanFinder } from './challenges/plan-link.js';
import type { ChallengeForEntry } from './shared/challenge-refs.js';
import { challengeForDatedEntry, lockOpenChallenge } from './challenges/owned-challenge.js';
import { copyTradingOfGroup } from './challenges/copy-trading.js';
import { crossAccountSourceOf } from './shared/firm-cross-account.js';
import { IdempotencyStore } from './idempotency/idempotency-store.js';
import { IdempotencyRepository } from './idempotency/idempotency.repository.js';
import { ApiKeyService } from './keys/keys.service.js';
import { KeysRepository } from './keys/keys.repository.js';
import { Revocations } from './keys/credential-cache.js';
import { PayoutService } from './payouts/payouts.service.js';
import { PayoutsRepository } from './payouts/payouts.repository.js';
import { SummaryService } from './summary/summary.service.js';
import { SummaryRepository } from './summary/summary.repository.js';
import { TrashService } from './trash/trash.service.js';
import { TrashRepository } from './trash/trash.repository.js';
import { InviteService } from './users/invite.service.js';
import { SessionService } from './users/session.service.js';
import { SetupService } from './users/setup.service.js';
import { UserService } from './users/users.service.js';
import { UsersRepository } from './users/users.repository.js';
import { LedgerService } from './ledger/ledger.service.js';
import { LedgerRepository } from './ledger/ledger.repository.js';
import { FxService } from './fx/fx.service.js';
import { FxRepository } from './fx/fx.repository.js';
import { AnalyticsService } from './analytics/analytics.service.js';
import { AnalyticsRepository } from './analytics/analytics.repository.js';
import { TaxYearService } from './analytics/tax-year.js';
import { TradeService } from './trades/trades.service.js';
import { TradeJournalRepository } from './trades/trades.repository.js';
import { AlertService } from './alerts/alerts.service.js';
import { AlertsRepository } from './alerts/alerts.repository.js';
import type { AlertSink } from './alerts/alert-events.js';
import { AlertChannelService } from './alert-channels/alert-channels.service.js';
import { AlertChannelsRepository } from './alert-channels/alert-channels.repository.js';
import { AlertDeliveryWorker } from './alert-channels/alert-delivery.worker.js';
import { smtpMailer } from './alert-channels/smtp-mailer.js';
import { CalendarService, type CalendarOptions } from './calendar/calendar.service.js';
import { NewsService } from './calendar/news.service.js';
import { newsTermsReader } from './coach/news-terms.js';
import { CalendarRepository } from './calendar/calendar.repository.js';
import { PortfolioService } from './portfolio/portfolio.service.js';
import { PortfolioRepository } from './portfolio/portfolio.repository.js';
import { GroupsService } from './groups/groups.service.js';
import { GroupsRepository } from './groups/groups.repository.js';
import { TradeScreenshotService } from './trade-screenshots/trade-screenshots.service.js';
import { TradeScreenshotsRepository } from './trade-screenshots/trade-screenshots.repository.js';

/** Every domain service over one database; build once per process. */
export interface DomainServices {
  challenges: ChallengeService;
  payouts: PayoutService;
  accounts: AccountService;
  dailyPnl: DailyPnlService;
  reports: ReportService;
  snapshots: SnapshotService;
  statements: StatementImportService;
  coach: CoachService;
  /** Which catalog plan suits a trader's own history (replay_plans). */
  planFit: PlanFitService;
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
  trades: TradeService;
  alerts: AlertService;
  alertChannels: AlertChannelService;
  /** Sends the queued alert deliveries; the process starts it (runService) and stops it on close. */
  alertDelivery: AlertDeliveryWorker;
  /** The economic calendar news rules read (import_calendar, list_calendar_events, CALENDAR_URL). */
  calendar: CalendarService;
  /** Today across every account of a trader (get_portfolio_today). */
  portfolio: PortfolioService;
  /** Groups of accounts that copy one strategy, and the check of a copied trade on all of them. */
  groups: GroupsService;
  /** A trade's screenshots, kept in the database (PNG, JPEG or WebP told by their bytes, 2 MiB and 10 per trade). */
  tradeScreenshots: TradeScreenshotService;
}

export interface DomainOptions {
  /** Sliding session lifetime (default 30). */
  sessionDays?: number;
  /** Days a deleted record stays restorable (default 30). */
  trashRetentionDays?: number;
  /** The catalog's dated plan rules (the operation layer passes its CatalogService); without it, plans read as unknown. */
  planRules?: PlanRulesSource;
  /** Finds the catalog plan a purchase's firm and plan names point to (the operation layer passes its CatalogService); without it nothing is linked by name. */
  planFinder?: PlanFinder;
  /** Reads statement files (the operation layer passes its worker pool; default in-process). */
  readStatement?: StatementReader;
  /** Reads other platforms' trade exports (the operation layer passes its worker pool; default in-process). */
  readTradeFile?: TradeFileReading;
  /** Runs pass-probability simulations (the operation layer passes its worker pool; default in-process). */
  simulate?: Simulator;
  /** Runs plan replays (the operation layer passes its worker pool; default in-process). */
  replay?: Replayer;
  /** Runs fit_plans' forward odds (the operation layer passes its worker pool; default in-process). */
  fit?: Fitter;
  /** Where fired alerts go (the delivery queue); default: logged as fired, sent nowhere. */
  alertSink?: AlertSink;
  /** Alert channels' settings (ALERTS_*, SMTP_*); without them channels are refused (503) and nothing is sent. */
  alertChannels?: AlertsConfig;
  /** How calendar URLs are fetched; default: public https only, 15 s. */
  calendar?: Partial<CalendarOptions>;
}

const NO_ALERT_CHANNELS: AlertsConfig = {
  secretKey: undefined,
  allowPrivateDestinations: false,
  smtpUrl: undefined,
  smtpFrom: '',
  deliveryTimeoutMs: 10_000,
};

/** A source for a process without a catalog: every linked plan reads as unknown, so rules come from the challenge alone. */
const NO_CATALOG: PlanRulesSource = {
  planRulesOn: () => Promise.reject(AppError.notFound('Plan')),
};

/** The alert service with the firm's news windows plugged in (check_trade's `news`, /guard's windows). */
function withNews(alerts: AlertService, news: NewsService): AlertService {
  alerts.useNews(news);
  return alerts;
}

export function createDomainServices(db: Database, options: DomainOptions = {}): DomainServices {
  // One revocation signal for the process's key and session caches, whichever service revokes.
  const credentials = new Revocations();
  const people = new UsersRepository(db);
  const users = new UserService(people, credentials);
  const planRules = options.planRules ?? NO_CATALOG;
  const coach = new CoachService(new CoachRepository(db), planRules, options.simulate);
  const channels = options.alertChannels ?? NO_ALERT_CHANNELS;
  const channelRows = new AlertChannelsRepository(db);
  const alertDelivery = new AlertDeliveryWorker(channelRows, {
    secretKey: channels.secretKey,
    allowPrivateDestinations: channels.allowPrivateDestinations,
    timeoutMs: channels.deliveryTimeoutMs,
    mailer: channels.smtpUrl ? smtpMailer(channels.smtpUrl, channels.smtpFrom, channels.deliveryTimeoutMs) : undefined,
  });
  // The firm's news rules over the calendar: check_trade, /guard and the journal's marks read them.
  // One calendar repository for the import and the news checks: its count of imports tells the checks their kept
  // releases are stale.
  const calendarEvents = new CalendarRepository(db);
  const news = new NewsService(calendarEvents, newsTermsReader(planRules));
  coach.headroom.useNews(news);
  // Built before the write paths, which it needs none of: each of them is handed it as the notifier it tells after
  // an account write (a snapshot, a report, an import, closed positions), so no late binding is needed.
  const alerts = withNews(
    new AlertService(new AlertsRepository(db), coach.headroom, planRules, options.alertSink ?? alertDelivery.sink),
    news,
  );
  const accountRows = new AccountsRepository(db);
  // An account's firm day: the roll-over of its challenge's rules, as the snapshots file them and the series ends.
  const accountRollover = async (challenge: AccountChallengeFacts | null) =>
    rolloverOf(challenge ? await challengeRules(planRules, challenge) : null);
  const rates = new FxRepository(db);
  const analyticsRows = new AnalyticsRepository(db);
  const challengeRows = new ChallengesRepository(db);
  // A cost or a payout goes on the caller's challenge within its life: the challenges' check, handed to both.
  const entryChallenge: ChallengeForEntry = (caller, id, date, now) => challengeForDatedEntry(challengeRows, caller, id, date, now);
  return {
    users,
    sessions: new SessionService(people, options.sessionDays ?? 30, credentials),
    invites: new InviteService(people),
    setup: new SetupService(people, users),
    trash: new TrashService(new TrashRepository(db), options.trashRetentionDays ?? 30),
    challenges: new ChallengeService(challengeRows, options.planFinder ?? null),
    payouts: new PayoutService(new PayoutsRepository(db), entryChallenge),
    accounts: new AccountService(accountRows, lockOpenChallenge),
    dailyPnl: new DailyPnlService(accountRows, accountRollover),
    reports: new ReportService(accountRows, alerts),
    snapshots: new SnapshotService(accountRows, accountRollover, alerts),
    statements: new StatementImportService(new StatementsRepository(db), planRules, alerts, {
      statement: options.readStatement ?? readStatementInProcess,
      tradeFile: options.readTradeFile ?? readTradeFileInProcess,
    }),
    coach,
    planFit: new PlanFitService(new PlanFitRepository(db), planRules, options.replay, options.fit),
    summary: new SummaryService(new SummaryRepository(db)),
    keys: new ApiKeyService(new KeysRepository(db), credentials),
    idempotency: new IdempotencyStore(new IdempotencyRepository(db)),
    ledger: new LedgerService(new LedgerRepository(db), entryChallenge),
    fx: new FxService(rates),
    analytics: new AnalyticsService(analyticsRows, rates),
    taxYear: new TaxYearService(analyticsRows, rates),
    // The stats' weekday and hour follow each account's firm clock, read from its challenge's rules (the coach's).
    trades: new TradeService(new TradeJournalRepository(db), alerts, news, (account) => challengeRollover(planRules, account)),
    alerts,
    alertChannels: new AlertChannelService(channelRows, {
      secretKey: channels.secretKey,
      allowPrivateDestinations: channels.allowPrivateDestinations,
      emailEnabled: channels.smtpUrl !== undefined,
      wake: () => {
        alertDelivery.wake();
      },
    }),
    alertDelivery,
    portfolio: new PortfolioService(new PortfolioRepository(db), coach.headroom),
    // A group's copy-trading findings: its challenges in progress against the catalog's firm rules.
    groups: new GroupsService(new GroupsRepository(db), alerts, async (ownerId) => {
      const source = crossAccountSourceOf(options.planFinder ?? null);
      const inProgress = source === null ? [] : await challengeRows.inProgress(ownerId);
      return (members) => copyTradingOfGroup(source, members, inProgress);
    }),
    tradeScreenshots: new TradeScreenshotService(new TradeScreenshotsRepository(db)),
    calendar: new CalendarService(calendarEvents, {
      allowPrivateUrls: options.calendar?.allowPrivateUrls ?? channels.allowPrivateDestinations,
      fetchTimeoutMs: options.calendar?.fetchTimeoutMs ?? 15_000,
      resolve: options.calendar?.resolve,
    }),
  };
}
