import { AppError, dateToIso, isIsoDate, isoToDate, parseInput, todayIso } from '@propfolio/core';
import { decimalToNumber, type Database } from '@propfolio/db';
import { ArticleQuery, ArticleSlugParams, PlanPriceHistoryQuery, PlanQuery } from './catalog.inputs.js';
import type {
  ArticleDetail,
  ArticleSearchResult,
  PlanPriceHistory,
  PlanPriceOnDate,
  PlanSearchAnswer,
  PlanSearchResult,
} from './catalog.outputs.js';
import { searchArticles } from './search/article-search.js';
import { planPriceHistory } from './search/plan-price-history.js';
import { PlanRuleHistories, type PlanRulesOnDate } from './search/plan-rules-on.js';
import { answerPlanSearch, searchPlans } from './search/plan-search.js';
import { FirmDirectory } from './search/firm-directory.js';
import { matchPlan, type PlanMatch } from './search/plan-match.js';
import { CrossAccountDirectory, type FirmCrossAccount } from './cross-account/firm-cross-account.js';
import { catalogDataDir } from './data-dir.js';

export interface CatalogServiceOptions {
  /** Plans whose `checkedOn` is more than this many days old are marked `stale`. */
  staleAfterDays: number;
  /** Clock (default: the system clock). */
  now?: () => Date;
  /** Where the firm files are read from for the cross-account rules (default: `catalogDataDir()`). */
  dataDir?: () => string;
}

/**
 * The public API of the catalog: plan search, article search and reading, and price history.
 * Inputs are validated with the same contracts REST and MCP use, so raw query objects are accepted.
 */
export class CatalogService {
  private readonly now: () => Date;
  /** The firm list and the plans' rule histories this instance keeps (headroom and every snapshot read the rules). */
  private readonly firms: FirmDirectory;
  private readonly ruleHistories: PlanRuleHistories;
  private readonly crossAccount: CrossAccountDirectory;

  constructor(
    private readonly db: Database,
    private readonly options: CatalogServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.firms = new FirmDirectory(db);
    this.ruleHistories = new PlanRuleHistories(db);
    this.crossAccount = new CrossAccountDirectory(options.dataDir ?? (() => catalogDataDir()));
  }

  /** Drops the firm list and rule histories kept so far: an import wrote new ones (importCatalog's `catalog`). */
  forgetKept(): void {
    this.firms.forget();
    this.ruleHistories.forget();
    this.crossAccount.forget();
  }

  /**
   * The firm a challenge is at (its plan id's firm, else its firm text read as a catalog firm's name or alias) with
   * the rules the firm sets across one trader's accounts; null when the catalog does not know the firm.
   */
  firmCrossAccount(firm: string, planId: string | null): FirmCrossAccount | null {
    return this.crossAccount.of(firm, planId);
  }

  /** A page of whole plan rows, whatever `detail` says (what code that picks a plan reads). */
  async searchPlans(query: PlanQuery | Record<string, unknown> = {}): Promise<PlanSearchResult> {
    const input = await parseInput(PlanQuery, query);
    return searchPlans(this.db, this.firms, input, this.freshness());
  }

  /** search_plans' answer: the page grouped by program, or with `detail: "full"` its whole rows. */
  async answerPlanSearch(query: PlanQuery | Record<string, unknown> = {}): Promise<PlanSearchAnswer> {
    const input = await parseInput(PlanQuery, query);
    return answerPlanSearch(this.db, this.firms, input, this.freshness());
  }

  /** The plan a purchase's firm and plan names point to (matchPlan), the several they fit, or why none does. */
  async matchPlan(firm: string, plan: string): Promise<PlanMatch> {
    const [{ firms }, rows] = await Promise.all([
      this.firms.read(),
      this.db.prisma.plan.findMany({ select: { id: true, firmSlug: true, program: true, accountSize: true, currency: true } }),
    ]);
    const plans = rows.map((row) => ({ ...row, accountSize: decimalToNumber(row.accountSize) }));
    return matchPlan(firm, plan, firms, plans);
  }

  private freshness() {
    return { today: todayIso(this.now()), staleAfterDays: this.options.staleAfterDays };
  }

  async searchArticles(query: ArticleQuery | Record<string, unknown> = {}): Promise<ArticleSearchResult> {
    return searchArticles(this.db, await parseInput(ArticleQuery, query));
  }

  /** The full article; a malformed slug is a validation error, an unknown one `not_found`. */
  async getArticle(slug: string): Promise<ArticleDetail> {
    await parseInput(ArticleSlugParams, { slug });
    const row = await this.db.prisma.article.findUnique({
      where: { slug },
      select: { slug: true, title: true, summary: true, body: true, tags: true, language: true, checkedOn: true, publishedAt: true },
    });
    if (!row) throw AppError.notFound(`Article "${slug}"`);
    return { ...row, checkedOn: dateToIso(row.checkedOn), publishedAt: dateToIso(row.publishedAt) };
  }

  /** Every list price the plan has had, newest first; `not_found` for an unknown plan. */
  async planPriceHistory(query: PlanPriceHistoryQuery | Record<string, unknown>): Promise<PlanPriceHistory> {
    return planPriceHistory(this.db, await parseInput(PlanPriceHistoryQuery, query));
  }

  /**
   * The list price a plan had on `date` (`YYYY-MM-DD`): the latest price recorded on or before it.
   * Null when the history starts after `date`; `not_found` for an unknown plan.
   */
  async planPriceOn(planId: string, date: string): Promise<PlanPriceOnDate | null> {
    if (!isIsoDate(date)) throw AppError.invalidField('date', 'must be a real calendar date in YYYY-MM-DD format');
    const plan = await this.db.prisma.plan.findUnique({ where: { id: planId }, select: { id: true } });
    if (!plan) throw AppError.notFound(`Plan "${planId}"`);
    const row = await this.db.prisma.planPrice.findFirst({
      where: { planId, checkedOn: { lte: isoToDate(date) } },
      orderBy: [{ checkedOn: 'desc' }, { recordedAt: 'desc' }],
    });
    if (!row) return null;
    return { planId, date, price: decimalToNumber(row.price), currency: row.currency, checkedOn: dateToIso(row.checkedOn) };
  }

  /** The plan and the rule version in force on `date` (the oldest known when its history starts later). */
  async planRulesOn(planId: string, date: string): Promise<PlanRulesOnDate> {
    if (!isIsoDate(date)) throw AppError.invalidField('date', 'must be a real calendar date in YYYY-MM-DD format');
    return this.ruleHistories.on(planId, date, this.freshness());
  }
}
