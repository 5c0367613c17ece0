/** The simulation answer as a JSON Schema (OpenAPI and MCP output), every field described. */
import Type, { type Static } from 'typebox';
import { Day, Money, Nullable, Probability, Timestamp } from '../shared/schema.js';

const Interval = Type.Object(
  { low: Probability('Lower bound.'), high: Probability('Upper bound.') },
  { description: '95% Wilson score interval of the pass probability (Monte Carlo error only, not the uncertainty of the history itself).' },
);

const DaysToPass = Nullable(
  Type.Object(
    {
      median: Type.Integer({ minimum: 0, description: 'Half of the passing paths had passed after this many simulated days.' }),
      p90: Type.Integer({ minimum: 0, description: '90% of the passing paths had passed after this many simulated days.' }),
    },
    { description: 'Simulated days until the pass, among paths that pass; null when none pass.' },
  ),
);

const Outcomes = {
  passProbability: Probability(
    'Share of paths that pass as the firm decides: the target reached with the minimum (or profitable) trading days done and a blocking best-day rule met.',
  ),
  passInterval: Interval,
  breachDailyLoss: Probability(
    'Share of paths that breach the daily loss limit first (judged on each day’s intraday low when it is known).',
  ),
  breachMaxLoss: Probability('Share of paths that breach the maximum loss first.'),
  timeout: Nullable(
    Probability('Share of paths that run out of the time limit before passing or breaching; null when the plan has no time limit.'),
  ),
  undecided: Nullable(
    Probability(
      'Without a time limit: share of paths neither passed nor breached after `horizonDays` (not a failure); null with a time limit. Pass, the two breaches and timeout or undecided sum to 1.',
    ),
  ),
  daysToPass: DaysToPass,
};

/** A floor already crossed: the attempt has failed at the firm, so the answer is the breach, not odds. */
const SimulationBreach = Type.Union(
  [
    Type.Object({
      rule: Type.Enum(['dailyLoss', 'maxLoss'], { description: 'The rule whose floor was crossed.' }),
      day: Day('The firm day it happened on.'),
      breachedAt: Nullable(Timestamp('When equity was seen under the floor, ISO 8601 UTC; null when unknown.')),
    }),
    Type.Null(),
  ],
  {
    description:
      'Set when the data already shows a floor crossed in this attempt: passProbability is then 0 and every path counts as that breach; null otherwise.',
  },
);

export const SimulationSchema = Type.Object(
  {
    breach: SimulationBreach,
    ...Outcomes,
    expectedAttempts: Nullable(Type.Number({ description: 'Expected attempts until a pass, 1/p; null when no path passes.' })),
    expectedFees: Nullable(
      Type.Object(
        {
          gross: Money('Expected fees paid until a pass: price + (1/p − 1) × reset fee.'),
          expectedRefund: Nullable(
            Money('Expected fee recovered with the first payout (its chance included); null when it cannot be valued.'),
          ),
          net: Nullable(Money('gross − expectedRefund.')),
        },
        { description: 'Expected cost to pass, in the currency of the fees given.' },
      ),
    ),
    expectedFeesNote: Nullable(Type.String({ description: 'Why expectedFees (or part of it) is null.' })),
    byRiskScale: Type.Array(Type.Object({ riskScale: Type.Number({ description: 'Factor applied to every daily P&L.' }), ...Outcomes }), {
      description: 'The same paths re-run with the P&L scaled, one entry per requested factor.',
    }),
    method: Type.Enum(['block', 'iid'], { description: 'block: stationary bootstrap of whole days; iid: each day drawn alone.' }),
    blockDays: Nullable(Type.Number({ description: 'Mean block length of the stationary bootstrap; null for iid.' })),
    paths: Type.Integer({ description: 'Simulated paths.' }),
    seed: Type.Integer({ description: 'Seed of the generator; the same input and seed give the same answer.' }),
    horizonDays: Type.Integer({ description: 'Simulated days per path: the days left under the time limit, or the horizon.' }),
    timeLimited: Type.Boolean({
      description:
        'True when `horizonDays` is the time limit (open paths time out); false when it is only the horizon (open paths are undecided).',
    }),
    historyDays: Type.Integer({ description: 'Days of history resampled.' }),
    intradayLowDays: Type.Integer({
      description: 'History days that carry their intraday low (from snapshots); 0 means intraday dips are not modelled (see notes).',
    }),
    lowData: Type.Boolean({ description: 'True when the history is shorter than MIN_HISTORY_DAYS (20): read the answer with care.' }),
    notes: Type.Array(Type.String(), { description: 'What the model leaves out, in words.' }),
  },
  { description: 'Monte Carlo of the rest of a challenge phase, resampling the trader’s own daily P&L.' },
);

export type Simulation = Static<typeof SimulationSchema>;
export type SimulationOutcomes = Simulation['byRiskScale'][number];
