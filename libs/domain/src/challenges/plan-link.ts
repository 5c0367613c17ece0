import { AppError } from '@propfolio/core';
import type { PlanLink } from './challenges.outputs.js';
import type { ChallengeStore } from './challenges.repository.js';

/** A catalog plan as a purchase's names matched it. */
export interface CatalogPlanRef {
  id: string;
  firmSlug: string;
  program: string;
  accountSize: number | null;
  currency: string;
}

/** What the catalog answers for a purchase's firm and plan names (libs/catalog search/plan-match.ts). */
export type CatalogPlanMatch =
  | { kind: 'one'; plan: CatalogPlanRef }
  | { kind: 'several'; plans: CatalogPlanRef[] }
  | { kind: 'none'; reason: 'unknown_firm' | 'unknown_program' | 'unknown_size'; near: CatalogPlanRef[] };

/**
 * Where the domain finds the plan a purchase names: the catalog, wired in by the operation layer (the domain
 * knows no catalog code, only this shape). Without one, nothing is linked by name.
 */
export interface PlanFinder {
  matchPlan(firm: string, plan: string): Promise<CatalogPlanMatch>;
}

/** Plans listed in an answer at most (a firm's whole catalog is a few dozen). */
const MAX_CANDIDATES = 20;
const WHAT_IT_DOES = 'the coach (headroom, pass odds, alerts, pre-trade check) judges the challenge by its rules';
const HOW_TO_LINK = 'link one with update_challenge `planId` (ids from search_plans), or set the rules with set_challenge_rules';

const candidate = (plan: CatalogPlanRef) => ({
  id: plan.id,
  program: plan.program,
  accountSize: plan.accountSize,
  currency: plan.currency,
});

const sizeText = (plan: CatalogPlanRef) =>
  plan.accountSize === null ? '' : ` ${plan.accountSize.toLocaleString('en-US')} ${plan.currency}`;

/** The answer's `planLink` for a plan named by id (create's `planId`, or update_challenge). */
export function givenPlanLink(planId: string): PlanLink {
  return { status: 'given', planId, candidates: [], detail: `Linked to catalog plan ${planId} as asked: ${WHAT_IT_DOES}.` };
}

/** The answer's `planLink` for what the names matched, and the plan to link (the one match, else none). */
export function planLinkOf(match: CatalogPlanMatch | null, firm: string, plan: string): PlanLink {
  const named = `firm "${firm}" and plan "${plan}"`;
  if (match === null) {
    return { status: 'none', planId: null, candidates: [], detail: `No catalog to match ${named} against; ${HOW_TO_LINK}.` };
  }
  if (match.kind === 'one') {
    const linked = match.plan;
    return {
      status: 'linked',
      planId: linked.id,
      candidates: [candidate(linked)],
      detail: `Linked to catalog plan ${linked.id} (${linked.program}${sizeText(linked)}), the one plan ${named} name: ${WHAT_IT_DOES}. A different plan: update_challenge \`planId\`.`,
    };
  }
  if (match.kind === 'several') {
    return {
      status: 'several',
      planId: null,
      candidates: match.plans.slice(0, MAX_CANDIDATES).map(candidate),
      detail: `Not linked: ${match.plans.length} catalog plans match ${named} (see candidates). Until one is linked the coach knows no rules for this challenge; ${HOW_TO_LINK}.`,
    };
  }
  const why = {
    unknown_firm: 'the firm is not in the catalog',
    unknown_program: 'no program of the firm matches the plan name (candidates: its plans)',
    unknown_size: 'no plan of that account size (candidates: the program in other sizes)',
  }[match.reason];
  return {
    status: 'none',
    planId: null,
    candidates: match.near.slice(0, MAX_CANDIDATES).map(candidate),
    detail: `Not linked: ${why}. Until a plan is linked or the rules are set, the coach knows no rules for this challenge; ${HOW_TO_LINK}.`,
  };
}

/** Refuses a plan id the catalog does not hold, as a 4xx naming the field (read by the repository or a transaction's store). */
export async function assertCatalogPlan(plans: Pick<ChallengeStore, 'isCatalogPlan'>, planId: string): Promise<void> {
  if (!(await plans.isCatalogPlan(planId))) {
    throw AppError.invalidField('planId', 'is not a plan of the catalog (see search_plans)');
  }
}
