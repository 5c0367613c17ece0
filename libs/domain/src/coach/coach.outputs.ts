import { EffectiveRuleValuesSchema, RulesOverrideSchema } from '@propfolio/coach';
import Type, { type Static } from 'typebox';
import { Id, IsoDate, Nullable } from '../shared/schemas.js';

const Source = Type.Object({
  source: Type.Enum(['challenge', 'plan', 'unknown'], {
    description: '`challenge`: your own rule; `plan`: the linked plan’s, as checked on `checkedOn`; `unknown`: neither says.',
  }),
  overridden: Type.Array(Type.String(), { description: 'The fields your own rules set.' }),
  planId: Nullable(Type.String({ description: 'The plan the rule comes from.' })),
  checkedOn: Nullable(IsoDate('When the plan’s rules were last checked against the firm.')),
});

const RULES_DOC =
  'Every rule the coach applies, merged: `null` = unknown, `"none"` = no such rule. Same vocabulary as a plan’s rules (search_plans).';

export const ChallengeRulesSchema = Type.Object({
  challengeId: Id('Challenge id.'),
  planId: Nullable(Type.String({ description: 'The linked catalog plan, or null.' })),
  planCheckedOn: Nullable(IsoDate('Checked-on date of the plan’s rule version in force on the purchase date.')),
  planVersionInForce: Type.Boolean({
    description: 'False when the catalog’s history of the plan starts after the purchase date (its oldest version is used).',
  }),
  planMissing: Nullable(Type.String({ description: 'Why the linked plan could not be read, when it could not.' })),
  override: Nullable(RulesOverrideSchema),
  rules: Type.Object(EffectiveRuleValuesSchema.properties, { description: RULES_DOC }),
  provenance: Type.Object(
    {
      profitTargetsPercent: Source,
      dailyLoss: Source,
      maxLoss: Source,
      minTradingDays: Source,
      timeLimit: Source,
      consistency: Source,
    },
    { description: 'Where each rule came from.' },
  ),
});
export type ChallengeRulesView = Static<typeof ChallengeRulesSchema>;
