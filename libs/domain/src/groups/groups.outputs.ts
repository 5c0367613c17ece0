import Type, { type Static } from 'typebox';
import { Id, Money, Nullable, Timestamp } from '../shared/schemas.js';
import { TradeCheckSchema } from '../alerts/alerts.outputs.js';

const GroupAccountSchema = Type.Object({
  accountId: Id('EA account id.'),
  label: Type.String({ description: 'Firm · plan · account, told apart from your other accounts.' }),
  currency: Type.String(),
  multiplier: Type.Number({ description: 'Lots per master lot.' }),
});

export const AccountGroupSchema = Type.Object({
  id: Id('Account group id.'),
  name: Type.String(),
  accounts: Type.Array(GroupAccountSchema, { description: 'Master first. An account in the trash is left out until restored.' }),
  createdAt: Timestamp('ISO 8601 UTC.'),
  updatedAt: Timestamp('ISO 8601 UTC.'),
});
export type AccountGroupView = Static<typeof AccountGroupSchema>;

export const AccountGroupListSchema = Type.Object({ groups: Type.Array(AccountGroupSchema, { description: 'Oldest first.' }) });

export const GroupTradeCheckSchema = Type.Object({
  groupId: Id('The group checked.'),
  at: Timestamp('The instant of the headroom checked against.'),
  currency: Type.String({ description: 'Currency of every amount (all accounts share it).' }),
  riskAmount: Money('The master’s worst-case loss (given, or volume × stopDistance ÷ tickSize × tickValue).'),
  verdict: Type.Enum(['allowed', 'blocked', 'unchecked', 'unknown'], {
    description: 'The worst of the accounts’ verdicts: `allowed` only when every account keeps every rule.',
  }),
  maxRiskAmount: Nullable(Money('The largest master loss every account keeps (each own ÷ its multiplier); null when none bounds it.')),
  maxVolume: Nullable(Type.Number({ description: 'maxRiskAmount as master lots for the stop, rounded down to 0.01.' })),
  bindingAccountId: Nullable(Id('The account whose rules set maxRiskAmount.')),
  accounts: Type.Array(
    Type.Object({
      accountId: Id('EA account id.'),
      label: Type.String(),
      multiplier: Type.Number(),
      maxRiskAmount: Nullable(Money('This account’s largest loss in master terms.')),
      check: TradeCheckSchema,
    }),
    { description: 'Each account’s own check of its copy (risk × multiplier); news windows are not checked here (news: null).' },
  ),
});
export type GroupTradeCheckView = Static<typeof GroupTradeCheckSchema>;
