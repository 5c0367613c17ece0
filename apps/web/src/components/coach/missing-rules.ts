import type { I18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';

/** The rule a part named by the simulation (`maxLoss.type`, `profitTargetsPercent[0]`) belongs to, as the page names rules. */
const RULE_OF: Record<string, MessageKey> = {
  dailyLoss: 'hr.rule.dailyLoss',
  maxLoss: 'hr.rule.maxLoss',
  profitTargetsPercent: 'hr.rule.profitTarget',
  minTradingDays: 'hr.rule.minTradingDays',
  timeLimit: 'hr.rule.timeLimit',
  consistency: 'hr.rule.consistency',
};
/** The part of a rule, when the whole rule is not what is missing. */
const PART: Record<string, MessageKey> = {
  percent: 'sim.part.percent',
  amountOf: 'sim.part.amountOf',
  basis: 'sim.part.basis',
  type: 'sim.part.type',
  amount: 'sim.part.initialBalance',
};

/**
 * A missing rule part in the reader's language ("Max loss: static or trailing"), never the raw token: the
 * simulation's `missing` (readSimulationRules, or the 422's `facts.missing`) names parts for machines.
 */
export function missingRuleWords(token: string, t: I18n['t']): string {
  const [head = token, part] = token.split(/[.[ ]/, 2);
  const rule = RULE_OF[head];
  if (!rule) return token;
  const partKey = part === undefined || head === 'profitTargetsPercent' || head === 'minTradingDays' ? undefined : PART[part];
  return partKey ? t('sim.partOf', { rule: t(rule), part: t(partKey) }) : t(rule);
}

/** The missing parts in words, each rule part once, in the order given. */
export const missingRulesInWords = (missing: readonly string[], t: I18n['t']): string =>
  [...new Set(missing.map((token) => missingRuleWords(token.trim(), t)))].join(t('sim.listSeparator'));
