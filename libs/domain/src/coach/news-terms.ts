import type { NewsChallengeFacts } from '../calendar/calendar.repository.js';
import type { NewsTerms, NewsTermsReader } from '../calendar/news.service.js';
import { challengeRules, rolloverOf, type ChallengeRules, type PlanRulesSource } from './challenge-rules.js';
import { phaseOf } from './phase.js';

/**
 * What the calendar's news windows judge a challenge by, from its rules as the coach reads them: the plan's rules
 * (where its news rule is), the stage of its phase label and the firm's roll-over zone.
 */
export function newsTermsOf(rules: ChallengeRules, phaseLabel: string): NewsTerms {
  const phases = rules.effective.rules.profitTargetsPercent?.length ?? rules.plan?.phases ?? null;
  return { planRules: rules.plan?.rules, phase: phaseOf(phaseLabel, phases), firmTimeZone: rolloverOf(rules).rollover.timeZone };
}

/** The reader services.ts hands the news service: a challenge's rules from the catalog's, then its terms. */
export function newsTermsReader(plans: PlanRulesSource): NewsTermsReader {
  return async (challenge: NewsChallengeFacts) =>
    newsTermsOf(await challengeRules(plans, { ...challenge, platform: challenge.platform ?? undefined }), challenge.phase);
}
