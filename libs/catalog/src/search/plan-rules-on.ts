import { AppError, dateToIso } from '@propfolio/core';
import { decimalToNumber, type Database } from '@propfolio/db';
import type { PlanRules } from '../schemas/rules.js';
import { type Freshness, isStale } from './plan-search.js';

/** A plan as the coach needs it: what it is, its list price, and the rules in force on a given day. */
export interface PlanRulesOnDate {
  planId: string;
  firm: string;
  program: string;
  phases: number;
  accountSize: number | null;
  currency: string;
  price: number | null;
  rules: PlanRules;
  /** The checked-on date of the rule version applied. */
  checkedOn: string;
  /** When the plan was last checked against the firm's site (its newest check, whatever version applies). */
  lastCheckedOn: string;
  /** True when that check is older than the catalog's limit, as search_plans says it: re-check on the firm site. */
  stale: boolean;
  /**
   * False when the plan's recorded history starts after the date asked about: the oldest version known is
   * applied, and the caller should say so rather than present it as the rules of that day.
   */
  inForceOnDate: boolean;
}

/** A plan with every rule version it has had, newest first, as read from the database. */
interface PlanHistory {
  plan: Omit<PlanRulesOnDate, 'rules' | 'checkedOn' | 'inForceOnDate' | 'stale'>;
  versions: { rules: PlanRules; checkedOn: string }[];
  loadedAt: number;
}

/**
 * How long a process trusts its copy of a plan's rule history. Rules change only when an import writes new
 * data files: in this process the import drops the copies at once (CatalogService.forgetKept), another instance's
 * import shows within this, as for the firm directory. Headroom and every tracker snapshot read the rules,
 * so they cost no query.
 */
const PLAN_RULES_TTL_MS = 30_000;

/** The plans' rule histories one CatalogService keeps, each read at most once per TTL, dropped by the import. */
export class PlanRuleHistories {
  private readonly byPlan = new Map<string, PlanHistory>();

  constructor(private readonly db: Database) {}

  /** Forgets every kept history (called after an import wrote). */
  forget(): void {
    this.byPlan.clear();
  }

  /**
   * The rules a plan had on `date` (`YYYY-MM-DD`): the newest version checked on or before it, like list prices
   * (the import records a version whenever the rules change). `not_found` for an unknown plan.
   */
  async on(planId: string, date: string, freshness: Freshness, now = Date.now()): Promise<PlanRulesOnDate> {
    const history = await this.history(planId, now);
    if (!history) throw AppError.notFound(`Plan "${planId}"`);
    return rulesOnDate(history, planId, date, freshness);
  }

  private async history(planId: string, now: number): Promise<PlanHistory | null> {
    const hit = this.byPlan.get(planId);
    if (hit && now - hit.loadedAt < PLAN_RULES_TTL_MS) return hit;
    const history = await readPlanHistory(this.db, planId, now);
    if (history) this.byPlan.set(planId, history);
    return history;
  }
}

/** A plan with every rule version, newest first, read now; null for an unknown plan. */
async function readPlanHistory(db: Database, planId: string, now: number): Promise<PlanHistory | null> {
  const plan = await db.prisma.plan.findUnique({
    where: { id: planId },
    select: {
      id: true,
      program: true,
      phases: true,
      accountSize: true,
      currency: true,
      price: true,
      checkedOn: true,
      firm: { select: { name: true } },
      ruleVersions: { orderBy: [{ checkedOn: 'desc' }, { recordedAt: 'desc' }], select: { rules: true, checkedOn: true } },
    },
  });
  if (!plan) return null;
  const history: PlanHistory = {
    plan: {
      planId: plan.id,
      firm: plan.firm.name,
      program: plan.program,
      phases: plan.phases,
      accountSize: plan.accountSize === null ? null : decimalToNumber(plan.accountSize),
      currency: plan.currency,
      price: plan.price === null ? null : decimalToNumber(plan.price),
      lastCheckedOn: dateToIso(plan.checkedOn),
    },
    versions: plan.ruleVersions.map((v) => ({ rules: v.rules as unknown as PlanRules, checkedOn: dateToIso(v.checkedOn) })),
    loadedAt: now,
  };
  return history;
}

/** The version of a plan's history in force on `date`, or its oldest, flagged, when the history starts later. */
function rulesOnDate(history: PlanHistory, planId: string, date: string, freshness: Freshness): PlanRulesOnDate {
  const inForce = history.versions.find((v) => v.checkedOn <= date);
  const version = inForce ?? history.versions.at(-1);
  // Every imported plan has a version (the migration gave existing plans their first), so this is a broken import.
  if (!version) throw new Error(`Plan ${planId} has no rule version`);
  return {
    ...history.plan,
    rules: version.rules,
    checkedOn: version.checkedOn,
    inForceOnDate: inForce !== undefined,
    stale: isStale(history.plan.lastCheckedOn, freshness),
  };
}
