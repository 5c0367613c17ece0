import { HeadroomSchema } from '@propfolio/coach';
import Type, { type Static } from 'typebox';
import { Id, IsoDate, Nullable, Timestamp } from '../shared/schemas.js';
import { ChallengeRulesSchema } from './coach.outputs.js';

const H = HeadroomSchema.properties;

const AccountRefSchema = Type.Object({
  id: Id('EA account id.'),
  login: Type.String({ description: 'Trading account number.' }),
  server: Type.String({ description: 'Broker trade server.' }),
  name: Nullable(Type.String({ description: 'Label of the account.' })),
  currency: Type.String({ description: 'Deposit currency: every amount of its headroom is in it.' }),
});

/**
 * A challenge's headroom: the rule figures of its primary account (the one with the newest data) at the
 * top, so an agent reads `dailyLoss.left` directly, and every active account's own figures in `accounts`.
 */
export const ChallengeHeadroomSchema = Type.Object({
  challengeId: Id('Challenge id.'),
  challengeStatus: Type.Enum(['in_progress', 'passed', 'failed'], {
    description: 'The status recorded on the challenge (headroom never changes it).',
  }),
  phase: Type.String({ description: 'The challenge’s phase label; the target is that phase’s.' }),
  at: Timestamp('The instant judged, ISO 8601 UTC.'),
  rules: Type.Object(
    {
      planId: ChallengeRulesSchema.properties.planId,
      planCheckedOn: Nullable(IsoDate('Checked-on date of the plan’s rule version applied (the one in force on the purchase date).')),
      planVersionInForce: ChallengeRulesSchema.properties.planVersionInForce,
      planMissing: ChallengeRulesSchema.properties.planMissing,
      provenance: ChallengeRulesSchema.properties.provenance,
    },
    { description: 'Which rules were applied and where each came from (get_challenge_rules has the rules themselves).' },
  ),
  status: H.status,
  accountId: Nullable(Id('The primary account: the active one with the newest data; null without an active account.')),
  currency: Nullable(H.currency),
  dailyLoss: Nullable(H.dailyLoss),
  maxLoss: Nullable(H.maxLoss),
  target: Nullable(H.target),
  tradingDays: Nullable(H.tradingDays),
  consistency: H.consistency,
  nextReset: Nullable(H.nextReset),
  stale: Nullable(H.stale),
  reasons: H.reasons,
  warningThreshold: Nullable(H.warningThreshold),
  accounts: Type.Array(Type.Object({ account: AccountRefSchema, headroom: HeadroomSchema }), {
    description: 'Every active EA account of the challenge with its own headroom, newest registration first.',
  }),
});
export type ChallengeHeadroom = Static<typeof ChallengeHeadroomSchema>;
