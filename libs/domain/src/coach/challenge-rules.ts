import {
  challengeTradeRules,
  CoachInputError,
  effectiveRules,
  rulesInContext,
  stageOf,
  type CoachRules,
  type Platform,
  type EffectiveRules,
  type PlanTradeRules,
  type Rollover,
} from '@propfolio/coach';
import { AppError } from '@propfolio/core';
import { dateToIso, isoToDate } from '../shared/dates.js';
import { phaseOf } from './phase.js';

/** A catalog plan as the coach reads it, with the rule version in force on a day (see CatalogService.planRulesOn). */
export interface PlanVersion {
  planId: string;
  firm: string;
  program: string;
  phases: number;
  accountSize: number | null;
  currency: string;
  price: number | null;
  rules: CoachRules;
  /** Checked-on date of the version applied. */
  checkedOn: string;
  /** When the plan was last checked against the firm, whatever version applies. */
  lastCheckedOn: string;
  /** True when that check is older than the catalog's limit (search_plans' `stale`). */
  stale: boolean;
  /** False when the plan's history starts after the day asked about (its oldest version is applied). */
  inForceOnDate: boolean;
}

/**
 * Where the domain reads a plan's dated rules: the catalog, wired in by the operation layer (the domain
 * knows no catalog code, only this shape). Rejects an unknown plan with AppError `not_found`.
 */
export interface PlanRulesSource {
  planRulesOn(planId: string, date: string): Promise<PlanVersion>;
}

/** The fields of a challenge that decide its rules. */
export interface RulesOfChallenge {
  planId: string | null;
  purchasedAt: Date;
  rulesOverride: unknown;
  /**
   * Its current phase label ("Phase 2", "Funded"), which picks the plan's rules of that stage; absent (a
   * caller that needs only the day's roll-over), the plan's default rules apply.
   */
  phase?: string;
  /** The platform it trades on, which picks a platform's rules; null or absent: not recorded, the default applies. */
  platform?: Platform | null;
}

/**
 * The plan's rules where the challenge stands: its variants for the challenge's stage (from its phase label),
 * platform and purchase date merged over the default (see @propfolio/coach rulesInContext).
 */
export function planRulesFor(plan: PlanVersion, challenge: Pick<RulesOfChallenge, 'purchasedAt' | 'phase' | 'platform'>): PlanVersion {
  const stage = challenge.phase === undefined ? null : stageOf(phaseOf(challenge.phase, plan.phases));
  const rules = rulesInContext(plan.rules, {
    stage,
    platform: challenge.platform ?? null,
    purchasedOn: dateToIso(challenge.purchasedAt),
  });
  return rules === plan.rules ? plan : { ...plan, rules };
}

export interface ChallengeRules {
  effective: EffectiveRules;
  /** The rules only trades can check (weekend holding, hedging, risk per trade): the plan's, corrected by the challenge's own. */
  trade: PlanTradeRules;
  /** The linked plan at the version in force on the purchase date; null without a plan (or one the catalog dropped). */
  plan: PlanVersion | null;
  /** Why the linked plan could not be read, when it could not. */
  planMissing: string | null;
}

/**
 * What every coach answer says about the plan behind its rules: the version applied, when the plan was
 * last checked and whether that check is stale, so no answer rests on an old rule without saying so.
 */
export function planFacts(rules: ChallengeRules | { plan: PlanVersion | null }) {
  const { plan } = rules;
  return {
    planCheckedOn: plan?.checkedOn ?? null,
    planLastCheckedOn: plan?.lastCheckedOn ?? null,
    planStale: plan?.stale ?? null,
  };
}

/** UTC midnight: the day used for an account whose plan's roll-over is unknown (the answers say so). */
export const UTC_MIDNIGHT: Rollover = { timeZone: 'UTC', time: '00:00' };

/**
 * The rules a challenge is judged by: its plan's rules as they were on its purchase date, with the
 * challenge's own rules on top (each rule says where it came from).
 */
export async function challengeRules(source: PlanRulesSource, challenge: RulesOfChallenge): Promise<ChallengeRules> {
  let plan: PlanVersion | null = null;
  let planMissing: string | null = null;
  if (challenge.planId !== null) {
    try {
      plan = planRulesFor(await source.planRulesOn(challenge.planId, dateToIso(challenge.purchasedAt)), challenge);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
      planMissing = `The linked plan ${challenge.planId} is no longer in the catalog.`;
    }
  }
  try {
    const effective = effectiveRules(
      plan?.rules ?? null,
      challenge.rulesOverride ?? null,
      plan ? { planId: plan.planId, checkedOn: plan.checkedOn } : null,
    );
    return { effective, trade: challengeTradeRules(plan?.rules, challenge.rulesOverride), plan, planMissing };
  } catch (error) {
    // Overrides are validated when saved; one that no longer reads (a zone removed from the ICU data) is still the caller's to fix.
    if (error instanceof CoachInputError) throw AppError.invalidField(`rules.${error.field}`, error.message);
    throw error;
  }
}

/** The roll-over an account's firm days follow: the effective daily-loss rule's, else UTC midnight. */
export function rolloverOf(rules: ChallengeRules | null): { rollover: Rollover; known: boolean } {
  const daily = rules?.effective.rules.dailyLoss;
  const rollover = daily && daily !== 'none' ? daily.rollover : null;
  return rollover ? { rollover, known: true } : { rollover: UTC_MIDNIGHT, known: false };
}

/** An account's challenge as the trade statistics know it: enough to find its rules' firm clock. */
export interface ChallengeClockFacts {
  challengeId: string | null;
  planId: string | null;
  /** The purchase date (YYYY-MM-DD…); null without a challenge. */
  purchasedOn: string | null;
  rulesOverride: unknown;
  phase: string | null;
  platform: Platform | null;
}

/**
 * The roll-over of an account's challenge's rules (the firm clock of the stats' weekday and hour); UTC midnight, not
 * known, without a challenge, a stated roll-over, or rules that still compute (get_headroom names why).
 */
export async function challengeRollover(
  source: PlanRulesSource,
  account: ChallengeClockFacts,
): Promise<{ rollover: Rollover; known: boolean }> {
  if (account.challengeId === null || account.purchasedOn === null) return rolloverOf(null);
  const override = typeof account.rulesOverride === 'string' ? (JSON.parse(account.rulesOverride) as unknown) : account.rulesOverride;
  try {
    return rolloverOf(
      await challengeRules(source, {
        planId: account.planId,
        purchasedAt: isoToDate(account.purchasedOn.slice(0, 10)),
        rulesOverride: override ?? null,
        ...(account.phase === null ? {} : { phase: account.phase }),
        platform: account.platform,
      }),
    );
  } catch {
    return rolloverOf(null);
  }
}
