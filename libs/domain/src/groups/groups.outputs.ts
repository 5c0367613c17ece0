import Type, { type Static } from 'typebox';
import { Id, Money, Nullable, Timestamp } from '../shared/schemas.js';
import { TradeCheckSchema } from '../alerts/alerts.outputs.js';
import { CopyTradingSchema } from '../challenges/copy-trading.js';

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
  copyTrading: Type.Array(CopyTradingSchema, {
    description: "Each firm's copy-trading rule against the group's challenges in progress there.",
  }),
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

const GroupGuardSchema = (what: string) =>
  Type.Object(
    {
      status: Type.Enum(['bounded', 'unbounded', 'unknown'], {
        description: 'bounded: masterAmount applies; unbounded: no account has the rule; unknown: an account’s equity is unknown.',
      }),
      masterAmount: Nullable(
        Money(`The largest master ${what} every account keeps (each account’s own room ÷ its multiplier, the smallest).`),
      ),
      bindingAccountId: Nullable(Id('The account whose room sets masterAmount.')),
    },
    { description: `The group’s ${what}, in master terms.` },
  );
const RoomSchema = (terms: string) =>
  Type.Object(
    {
      dailyLoss: Nullable(Money('To the daily floor.')),
      maxLoss: Nullable(Money('To the maximum-loss floor.')),
      riskPerTrade: Nullable(Money('The per-trade cap.')),
    },
    { description: terms },
  );

export const GroupGuardLevelsSchema = Type.Object({
  groupId: Id('The group.'),
  at: Timestamp('When the levels were computed.'),
  currency: Type.String({ description: 'Currency of every amount (all accounts share it).' }),
  dailyLoss: GroupGuardSchema('loss today'),
  maxLoss: GroupGuardSchema('loss in all'),
  riskPerTrade: GroupGuardSchema('loss on one trade (within every cap and both floors)'),
  accounts: Type.Array(
    Type.Object({
      accountId: Id('EA account id.'),
      label: Type.String(),
      multiplier: Type.Number(),
      room: RoomSchema('This account’s own room, in its own money.'),
      masterRoom: RoomSchema('The same room in master terms (÷ multiplier).'),
      dailyLossGuard: Nullable(Money('Equity level this terminal stops at today: equity − group daily amount × multiplier.')),
      maxLossGuard: Nullable(Money('Equity level this terminal stops at for good: equity − group max amount × multiplier.')),
      riskPerTrade: Nullable(Money('Most one copied trade may lose here: group per-trade amount × multiplier.')),
    }),
    { description: 'Each terminal’s own share: every one stops on the same master loss, each before its own floor.' },
  ),
});
export type GroupGuardLevelsView = Static<typeof GroupGuardLevelsSchema>;
