import { SimulationSchema } from '@propfolio/coach';
import Type, { type Static } from 'typebox';
import { ByCurrency, Id, IsoDate, Nullable } from '../shared/schemas.js';
import { ChallengeRulesSchema } from './coach.outputs.js';

const S = SimulationSchema.properties;
const Provenance = ChallengeRulesSchema.properties.provenance;

export const ChallengeSimulationSchema = Type.Object({
  challengeId: Id('Challenge id.'),
  currency: Type.String({ description: 'Currency of the fees (the challenge’s).' }),
  history: Type.Object(
    {
      source: Type.Enum(['tracked', 'supplied'], {
        description: '`tracked`: your reported days; `supplied`: the dailyPnlPercent you sent.',
      }),
      accounts: Type.Array(Id('EA account.'), { description: 'The accounts whose days were drawn from.' }),
    },
    { description: 'Where the daily P&L came from.' },
  ),
  start: Type.Object(
    {
      accountId: Nullable(Id('The account the current state is read from; null: a fresh start.')),
      balancePercent: Type.Number({ description: 'Balance now, percent of the initial balance.' }),
      highWaterMarkPercent: Type.Number({ description: 'The level a trailing floor trails now, percent of the initial balance.' }),
      daysDone: Type.Integer({ description: 'Days reported so far.' }),
      tradingDaysDone: Type.Integer({ description: 'Trading days so far.' }),
      daysLeft: Nullable(Type.Integer({ description: 'Days left under the time limit; null without one.' })),
    },
    { description: 'The state the simulation starts from.' },
  ),
  rulesProvenance: Provenance,
  realized: Type.Object(
    {
      attempts: Type.Integer({ description: 'Attempts so far: this challenge and the ones it resets.' }),
      feesPaid: ByCurrency('Purchase prices and fees paid for those attempts, per currency.'),
      refunds: ByCurrency('Refunds received for them, per currency.'),
    },
    { description: 'Your own figures from the ledger, beside the expected ones.' },
  ),
  ...S,
});
export type ChallengeSimulation = Static<typeof ChallengeSimulationSchema>;

export const PlanSimulationSchema = Type.Object({
  planId: Nullable(Type.String({ description: 'The catalog plan simulated; null for rules alone.' })),
  planCheckedOn: Nullable(IsoDate('Checked-on date of the plan’s rule version applied.')),
  currency: Nullable(Type.String({ description: 'Currency of the plan’s price and fees.' })),
  rulesProvenance: Provenance,
  ...S,
});
export type PlanSimulation = Static<typeof PlanSimulationSchema>;
