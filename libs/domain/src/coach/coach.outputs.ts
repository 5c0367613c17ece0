import { EffectiveRuleValuesSchema, HeadroomSchema, RulesOverrideSchema, SimulationSchema } from '@propfolio/coach';
import { NewsWindowsSchema } from '../calendar/calendar.outputs.js';
import Type, { type Static } from 'typebox';
import { ByCurrency, Id, IsoDate, Nullable, Timestamp } from '../shared/schemas.js';
import { HISTORY_SOURCE_DOC } from './coach.inputs.js';
import { CrossAccountHedgeSchema } from './cross-account.js';
import { AllocationSchema } from '../challenges/allocation-cap.js';

const Source = Type.Object({
  source: Type.Enum(['challenge', 'plan', 'unknown'], {
    description: '`challenge`: your own rule; `plan`: the linked plan’s, as checked on `checkedOn`; `unknown`: neither says.',
  }),
  overridden: Type.Array(Type.String(), { description: 'The fields your own rules set.' }),
  planId: Nullable(Type.String({ description: 'The plan the rule comes from.' })),
  checkedOn: Nullable(IsoDate('When the plan’s rules were last checked against the firm.')),
  cited: Nullable(
    Type.Object(
      {
        kind: Nullable(
          Type.Enum(['firm', 'third_party'], {
            description: '`firm`: the firm’s own page states it; `third_party`: someone else’s, as the firm publishes nothing on it.',
          }),
        ),
        url: Type.String({ description: 'The page the plan’s rule was read on.' }),
        readOn: IsoDate('When it was read.'),
      },
      { description: 'Where the plan’s rule comes from; null when the plan cites no page for it or it is your own.' },
    ),
  ),
  disputed: Type.Boolean({ description: 'True when another page gives the plan’s rule another value (see the plan’s rules).' }),
});

/** The plan behind an answer's rules and how fresh it is: every coach answer carries these three. */
const PlanFacts = {
  planCheckedOn: Nullable(IsoDate('Checked-on date of the plan’s rule version applied (the one in force on the purchase date).')),
  planLastCheckedOn: Nullable(IsoDate('When the plan was last checked against the firm’s site; null without a plan.')),
  planStale: Nullable(
    Type.Boolean({
      description:
        'True when that check is older than the catalog’s limit (as search_plans says it): tell the user to confirm the rules on the firm’s site. Null without a plan.',
    }),
  ),
};

const RULES_DOC =
  'Every rule the coach applies, merged: `null` = unknown, `"none"` = no such rule. Same vocabulary as a plan’s rules (search_plans).';

export const ChallengeRulesSchema = Type.Object({
  challengeId: Id('Challenge id.'),
  planId: Nullable(Type.String({ description: 'The linked catalog plan, or null.' })),
  ...PlanFacts,
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

// Headroom: what the rules leave now.

const H = HeadroomSchema.properties;

const FirmFactSource = Type.Object({
  url: Type.String(),
  readOn: Type.String({ description: 'YYYY-MM-DD.' }),
  kind: Nullable(Type.Enum(['firm', 'third_party'])),
});

const CrossAccountSchema = Type.Object(
  {
    firm: Nullable(Type.String({ description: 'The catalog firm; null when the catalog does not know it.' })),
    hedging: Type.Union(
      [
        Type.Object({
          value: Type.Enum(['forbidden', 'allowed'], { description: 'Opposite positions across your accounts at the firm.' }),
          source: FirmFactSource,
          note: Nullable(Type.String()),
        }),
        Type.Null(),
      ],
      { description: 'Null: unknown.' },
    ),
    hedges: Type.Array(CrossAccountHedgeSchema, {
      description: "This challenge's accounts' hedges (`accountId`) with your other accounts at the firm.",
    }),
    allocation: Nullable(AllocationSchema),
  },
  { description: "The firm's rules across your accounts there (each with its source) and how you stand against them." },
);

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
      ...PlanFacts,
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
  tradeRules: H.tradeRules,
  breach: H.breach,
  stale: Nullable(H.stale),
  reasons: H.reasons,
  warningThreshold: Nullable(H.warningThreshold),
  accounts: Type.Array(
    Type.Object({
      account: AccountRefSchema,
      headroom: HeadroomSchema,
      news: NewsWindowsSchema,
    }),
    { description: 'Every active EA account of the challenge with its own headroom, newest registration first.' },
  ),
  crossAccount: CrossAccountSchema,
});
export type ChallengeHeadroom = Static<typeof ChallengeHeadroomSchema>;

// Simulation: the odds from here.

const S = SimulationSchema.properties;
const Provenance = ChallengeRulesSchema.properties.provenance;

export const ChallengeSimulationSchema = Type.Object({
  challengeId: Id('Challenge id.'),
  currency: Type.String({ description: 'Currency of the fees (the challenge’s).' }),
  history: Type.Object(
    {
      source: Type.Enum(['tracked', 'supplied'], {
        description: `\`tracked\`: the reported days of ${HISTORY_SOURCE_DOC}; \`supplied\`: the dailyPnlPercent you sent.`,
      }),
      accounts: Type.Array(Id('EA account.'), { description: 'The accounts whose days were drawn from.' }),
      dailyPnlPercent: Type.Array(Type.Number(), {
        description: 'The days drawn from, oldest first: each day’s closed P&L in percent of its account’s initial balance.',
      }),
      dailyLowPercent: Type.Array(Nullable(Type.Number()), {
        description:
          'Beside each day, its lowest equity against the day’s start in percent of the initial balance (from intraday snapshots); null for a day without them.',
      }),
    },
    { description: 'Where the daily P&L came from, and the days themselves (a what-if re-runs the same draws).' },
  ),
  start: Type.Object(
    {
      accountId: Nullable(Id('The account the current state is read from; null: a fresh start.')),
      balancePercent: Type.Number({ description: 'Closed balance now, percent of the initial balance.' }),
      equityPercent: Type.Number({
        description: 'Equity now, percent of the initial balance: the floating P&L (equity − balance) is carried through the next reset.',
      }),
      highWaterMarkPercent: Type.Number({ description: 'The level a trailing floor trails now, percent of the initial balance.' }),
      daysDone: Type.Integer({ description: 'Days reported so far.' }),
      tradingDaysDone: Type.Integer({ description: 'Trading days so far, as the rule counts them.' }),
      bestDayPercent: Type.Number({ description: 'The best closed day so far, percent of the initial balance (0 when none made money).' }),
      today: Nullable(
        Type.Object(
          {
            floorPercent: Nullable(
              Type.Number({ description: 'Today’s daily floor as the headroom measures it now; null without a daily limit.' }),
            ),
            startBalancePercent: Type.Number({ description: 'Balance at today’s roll-over.' }),
            traded: Type.Boolean({ description: 'Whether today already counts as a trading day.' }),
          },
          { description: 'Today, under way: the first simulated day is its rest, judged against today’s floor from the equity now.' },
        ),
      ),
      daysLeft: Nullable(
        Type.Integer({ description: 'Simulated days left under the time limit, today’s rest included; null without one.' }),
      ),
    },
    { description: 'Where the simulation starts: now, not a fresh day.' },
  ),
  ...PlanFacts,
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
  ...PlanFacts,
  currency: Nullable(Type.String({ description: 'Currency of the plan’s price and fees.' })),
  rulesProvenance: Provenance,
  ...S,
});
export type PlanSimulation = Static<typeof PlanSimulationSchema>;
