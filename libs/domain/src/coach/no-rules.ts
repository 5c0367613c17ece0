import type { RulesOfChallenge } from './challenge-rules.js';

/**
 * What the coach says of a challenge with neither a catalog plan nor rules of its own: not that a rule or an
 * account is missing, but that it knows no rules at all, and the two ways to give it some.
 */
export const NO_RULES_MESSAGE =
  'No catalog plan is linked to this challenge and no rules are set for it, so the coach knows none of its rules: link its plan with update_challenge planId (PATCH /challenges/{id}; search_plans lists the ids) or set the rules with set_challenge_rules (PATCH /challenges/{id}/rules).';

/** True when the challenge has no linked plan and no rule of its own (an override with no field set is none). */
export function hasNoRules(challenge: Pick<RulesOfChallenge, 'planId' | 'rulesOverride'>): boolean {
  const override = challenge.rulesOverride;
  const ownRules = override !== null && override !== undefined && (typeof override !== 'object' || Object.keys(override).length > 0);
  return challenge.planId === null && !ownRules;
}

/** The headroom finding that leads an answer for a challenge without rules. */
export const NO_RULES_REASON = {
  rule: 'data',
  kind: 'unknown',
  code: 'data.no_plan',
  values: {},
  message: NO_RULES_MESSAGE,
} as const;
