/**
 * Idempotent import of the repository's catalog files into the database, run at start and by
 * `db:migrate`. Every record carries a content hash; unchanged records are not written, so a second
 * run writes nothing. A changed list price adds a PlanPrice row and keeps the old ones with their dates;
 * changed rules add a PlanRuleVersion row the same way, so a challenge keeps the rules of its purchase date.
 */
import { type Database, Prisma } from '@propfolio/db';
import { catalogDataDir } from '../data-dir.js';
import type { ArticleRecord } from '../data/article-files.js';
import type { FirmRecord, PlanRecord } from '../data/plan-files.js';
import { articleIndexFields } from '../text/article-index.js';
import { NORMALIZER_VERSION } from '../text/normalize.js';
import { contentHash } from '@propfolio/core';
import { catalogFingerprint } from './catalog-fingerprint.js';

export interface ImportOptions {
  /** `YYYY-MM-DD` recorded as the time a price change was seen (default: now). */
  today?: string;
  /** Data directory (default: `catalogDataDir()`). */
  dataDir?: string;
  /** Compare every record even when the data files are those of the last import. */
  force?: boolean;
  /**
   * A catalog service already reading this database: it drops its kept firm list and plan rules once the import
   * wrote. A start imports before it builds its service, so only a later import in the same process passes one.
   */
  catalog?: { forgetKept(): void };
}

export interface ImportReport {
  /** Firms created or updated. */
  firms: number;
  /** Plans created or updated. */
  plans: number;
  /** Existing plans whose list price or currency changed (a new PlanPrice row each). */
  priceChanges: number;
  /** Existing plans whose rules changed (a new PlanRuleVersion row each). */
  ruleChanges: number;
  /** Articles created, updated or removed. */
  articles: number;
  /** Records left as they were. */
  unchanged: number;
  /** True when the data files were those of the last import, so nothing was read or compared. */
  skipped: boolean;
}

/** The one row of CatalogImport. */
const LAST_IMPORT = 'catalog';

type Client = Database['prisma'];
const utcDate = (iso: string): Date => new Date(`${iso}T00:00:00.000Z`);
const decimalText = (value: Prisma.Decimal | null): string | null => (value === null ? null : value.toString());

async function importFirms(prisma: Client, firms: FirmRecord[], report: ImportReport): Promise<void> {
  const existing = new Map((await prisma.firm.findMany()).map((f) => [f.slug, f]));
  for (const firm of firms) {
    const current = existing.get(firm.slug);
    const same =
      current !== undefined &&
      contentHash({ name: current.name, aliases: current.aliases, website: current.website, notes: current.notes }) ===
        contentHash({ name: firm.name, aliases: firm.aliases, website: firm.website, notes: firm.notes });
    if (same) {
      report.unchanged++;
      continue;
    }
    const data = { name: firm.name, aliases: firm.aliases, website: firm.website, notes: firm.notes };
    await prisma.firm.upsert({ where: { slug: firm.slug }, create: { slug: firm.slug, ...data }, update: data });
    report.firms++;
  }
}

async function latestPrices(prisma: Client): Promise<Map<string, { price: string | null; currency: string }>> {
  const rows = await prisma.planPrice.findMany({ orderBy: [{ checkedOn: 'desc' }, { recordedAt: 'desc' }] });
  const latest = new Map<string, { price: string | null; currency: string }>();
  for (const row of rows) if (!latest.has(row.planId)) latest.set(row.planId, { price: decimalText(row.price), currency: row.currency });
  return latest;
}

/** Content hash of each plan's newest rule version (JSONB reorders keys; the hash does not see order). */
async function latestRuleHashes(prisma: Client): Promise<Map<string, string>> {
  const rows = await prisma.planRuleVersion.findMany({ orderBy: [{ checkedOn: 'desc' }, { recordedAt: 'desc' }] });
  const latest = new Map<string, string>();
  for (const row of rows) if (!latest.has(row.planId)) latest.set(row.planId, contentHash(row.rules));
  return latest;
}

async function importPlans(prisma: Client, plans: PlanRecord[], recordedAt: Date, report: ImportReport): Promise<void> {
  const hashes = new Map((await prisma.plan.findMany({ select: { id: true, contentHash: true } })).map((p) => [p.id, p.contentHash]));
  const prices = await latestPrices(prisma);
  const ruleHashes = await latestRuleHashes(prisma);
  for (const plan of plans) {
    const hash = contentHash(plan);
    if (hashes.get(plan.id) === hash) {
      report.unchanged++;
      continue;
    }
    const data = {
      firmSlug: plan.firmSlug,
      program: plan.program,
      phases: plan.phases,
      accountSize: plan.accountSize,
      currency: plan.currency,
      billing: plan.billing,
      price: plan.price,
      rules: plan.rules as Prisma.InputJsonObject,
      checkedOn: utcDate(plan.checkedOn),
      sourceUrl: plan.sourceUrl,
      notes: plan.notes,
      contentHash: hash,
    };
    const previous = prices.get(plan.id);
    // Compared as decimals: "155" in the file equals "155.00" read back from the database.
    const samePrice =
      previous !== undefined &&
      previous.currency === plan.currency &&
      (previous.price === null ? plan.price === null : plan.price !== null && new Prisma.Decimal(previous.price).equals(plan.price));
    const writes: Prisma.PrismaPromise<unknown>[] = [
      prisma.plan.upsert({ where: { id: plan.id }, create: { id: plan.id, ...data }, update: data }),
    ];
    if (!samePrice) {
      writes.push(
        prisma.planPrice.create({
          data: { planId: plan.id, price: plan.price, currency: plan.currency, checkedOn: utcDate(plan.checkedOn), recordedAt },
        }),
      );
      if (previous !== undefined) report.priceChanges++;
    }
    const previousRules = ruleHashes.get(plan.id);
    if (previousRules !== contentHash(plan.rules)) {
      writes.push(
        prisma.planRuleVersion.create({
          // A plan's first version is the rules as its row was checked; a change is dated by the newest rule re-read (rulesCheckedOn).
          data: {
            planId: plan.id,
            rules: plan.rules as Prisma.InputJsonObject,
            checkedOn: utcDate(previousRules === undefined ? plan.checkedOn : plan.rulesCheckedOn),
            recordedAt,
          },
        }),
      );
      if (previousRules !== undefined) report.ruleChanges++;
    }
    await prisma.$transaction(writes);
    report.plans++;
  }
}

/**
 * Moves rows waiting in the GIN index's pending list (fastupdate) into the index proper. Until then
 * searches scan the pending list linearly, which PGlite (no autovacuum) would otherwise never clean.
 */
export async function flushSearchIndex(prisma: Client): Promise<void> {
  await prisma.$queryRaw`SELECT gin_clean_pending_list('"Article_grams_idx"'::regclass)`;
}

async function importArticles(prisma: Client, articles: ArticleRecord[], report: ImportReport): Promise<void> {
  const hashes = new Map(
    (await prisma.article.findMany({ select: { slug: true, contentHash: true } })).map((a) => [a.slug, a.contentHash]),
  );
  for (const article of articles) {
    const hash = contentHash({ article, normalizer: NORMALIZER_VERSION });
    if (hashes.get(article.slug) === hash) {
      report.unchanged++;
      continue;
    }
    const data = {
      title: article.title,
      summary: article.summary,
      body: article.body,
      tags: article.tags,
      language: article.language,
      checkedOn: utcDate(article.checkedOn),
      publishedAt: utcDate(article.publishedAt),
      ...articleIndexFields(article),
      contentHash: hash,
    };
    await prisma.article.upsert({ where: { slug: article.slug }, create: { slug: article.slug, ...data }, update: data });
    report.articles++;
  }
  if (report.articles > 0) await flushSearchIndex(prisma);
  const kept = new Set(articles.map((a) => a.slug));
  const removed = [...hashes.keys()].filter((slug) => !kept.has(slug));
  if (removed.length > 0) {
    await prisma.article.deleteMany({ where: { slug: { in: removed } } });
    report.articles += removed.length;
  }
}

/**
 * Imports firms, plans (with price history) and articles from the data files; safe to run at every start.
 * When the files' fingerprint equals the last import's, nothing is parsed or compared (a start on an
 * existing database costs one query); the rows are written only by this import, so they still match.
 */
export async function importCatalog(db: Database, options: ImportOptions = {}): Promise<ImportReport> {
  const dataDir = options.dataDir ?? catalogDataDir();
  const fingerprint = catalogFingerprint(dataDir);
  // On the driver: every start makes this check before it listens, and Prisma's first query is slow.
  const [last] = await db.driverQuery<{ fingerprint: string; records: number }>(
    'SELECT "fingerprint", "records" FROM "CatalogImport" WHERE "id" = $1',
    [LAST_IMPORT],
  );
  if (!options.force && last?.fingerprint === fingerprint) {
    return { firms: 0, plans: 0, priceChanges: 0, ruleChanges: 0, articles: 0, unchanged: last.records, skipped: true };
  }
  // The file readers (YAML parser, schema validator) load only now: a start with an unchanged catalog never
  // needs them. One after the other: Jest's ESM loader fails two concurrent imports of a shared module.
  const { loadPlanCatalog } = await import('../data/plan-files.js');
  const { loadArticles } = await import('../data/article-files.js');
  // Load and validate everything before writing anything: a broken file never leaves a half import.
  const { firms, plans } = loadPlanCatalog(dataDir);
  const articles = loadArticles(dataDir);
  const report: ImportReport = { firms: 0, plans: 0, priceChanges: 0, ruleChanges: 0, articles: 0, unchanged: 0, skipped: false };
  const recordedAt = options.today ? utcDate(options.today) : new Date();
  await importFirms(db.prisma, firms, report);
  await importPlans(db.prisma, plans, recordedAt, report);
  await importArticles(db.prisma, articles, report);
  options.catalog?.forgetKept();
  const records = firms.length + plans.length + articles.length;
  await db.prisma.catalogImport.upsert({
    where: { id: LAST_IMPORT },
    create: { id: LAST_IMPORT, fingerprint, records },
    update: { fingerprint, records, importedAt: new Date() },
  });
  return report;
}
