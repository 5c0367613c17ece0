import type { Caller } from '@propfolio/core';
import type { CoachRepository } from './coach.repository.js';
import type { ChallengeIdInput } from '../challenges/challenges.inputs.js';
import type { SetChallengeRulesInput } from './coach.inputs.js';
import { challengeRules, planFacts, type PlanRulesSource, type RulesOfChallenge } from './challenge-rules.js';
import type { ChallengeRulesView } from './coach.outputs.js';
import { refuseUnjudgeableRules } from './challenge-rules-bounds.js';

/**
 * A challenge's own rules: read them merged with its plan's (each rule saying where it came from), and
 * set or clear them. The plan's rules stay as the catalog dates them; the challenge's win where given.
 */
export class ChallengeRulesService {
  constructor(
    private readonly facts: CoachRepository,
    private readonly plans: PlanRulesSource,
  ) {}

  async get(caller: Caller, input: ChallengeIdInput): Promise<ChallengeRulesView> {
    const challenge = await this.facts.challengeRulesFacts(caller, input.id);
    return this.view(challenge.id, challenge);
  }

  /**
   * Replaces the challenge's own rules (`null` clears them). A roll-over that is not a real zone or time, a bound
   * passed or a contradiction with the plan's rules (challenge-rules-bounds.ts) is a 400 before anything is written.
   */
  async set(caller: Caller, input: SetChallengeRulesInput): Promise<ChallengeRulesView> {
    const current = await this.facts.challengeRulesFacts(caller, input.id);
    const next = { ...current, rulesOverride: input.rules };
    const view = await this.view(current.id, next);
    if (input.rules !== null) refuseUnjudgeableRules(input.rules, view.rules);
    await this.facts.replaceChallengeRules(caller, current.id, input.rules);
    return view;
  }

  private async view(challengeId: string, challenge: RulesOfChallenge): Promise<ChallengeRulesView> {
    const resolved = await challengeRules(this.plans, challenge);
    return {
      challengeId,
      planId: challenge.planId,
      ...planFacts(resolved),
      planVersionInForce: resolved.plan?.inForceOnDate ?? false,
      planMissing: resolved.planMissing,
      override: challenge.rulesOverride ?? null,
      rules: resolved.effective.rules,
      provenance: resolved.effective.provenance,
    };
  }
}
