import { PLATFORMS } from '@propfolio/coach';
import Type, { type Static } from 'typebox';
import { CHALLENGE_STATUSES, BILLINGS } from './challenges.inputs.js';
import { AccountSchema } from '../accounts/accounts.outputs.js';
import { PayoutSchema } from '../payouts/payouts.outputs.js';
import { Id, IsoDate, Money, Nullable, PageOf, Timestamp } from '../shared/schemas.js';
import { CostSchema, PurchaseLedgerProps } from '../ledger/ledger.outputs.js';
import { AllocationSchema } from './allocation-cap.js';

export const ChallengeSchema = Type.Object({
  id: Id('Challenge id.'),
  firm: Type.String({ description: 'Prop firm, as entered.' }),
  plan: Type.String({ description: 'Plan and account size, as entered.' }),
  phase: Type.String({ description: 'Current phase.' }),
  platform: Nullable(Type.Enum([...PLATFORMS], { description: 'Trading platform, when recorded: picks the plan’s rules for it.' })),
  status: Type.Enum([...CHALLENGE_STATUSES], { description: '`in_progress`, `passed` or `failed` (breached, closed).' }),
  billing: Type.Enum([...BILLINGS], { description: '`one_time` or `monthly` (price is the monthly fee).' }),
  price: Money('Price paid (monthly fee for a monthly plan).'),
  currency: Type.String({ description: 'ISO 4217 currency of the price.' }),
  paymentMethod: Nullable(Type.String({ description: 'How it was paid.' })),
  purchasedAt: IsoDate('Purchase date.'),
  passedAt: Nullable(IsoDate('Pass date, when passed.')),
  failedAt: Nullable(IsoDate('Breach date, when failed.')),
  monthlyEndedAt: Nullable(IsoDate('Date a monthly plan ended; null while it runs or for one-time plans.')),
  daysSincePurchase: Type.Integer({ description: 'Whole days from the purchase date to today (UTC).' }),
  createdAt: Timestamp('When the record was created.'),
  updatedAt: Timestamp('When the record last changed.'),
  ...PurchaseLedgerProps,
});
export type ChallengeView = Static<typeof ChallengeSchema>;

export const PlanLinkSchema = Type.Object(
  {
    status: Type.Enum(['given', 'linked', 'several', 'none'], {
      description: '`linked`: firm and plan named one plan; `given`: the `planId` sent; else none linked (see `candidates`).',
    }),
    planId: Nullable(Type.String({ description: 'The plan linked.' })),
    candidates: Type.Array(
      Type.Object({ id: Type.String(), program: Type.String(), accountSize: Nullable(Type.Number()), currency: Type.String() }),
      { description: 'The plan linked, or plans to pick from (update_challenge `planId`).' },
    ),
    detail: Type.String({ description: 'What was linked or why not, and how to link.' }),
  },
  { description: 'The catalog plan linked: the coach judges the challenge by its rules (or its own), and by nothing without.' },
);
export type PlanLink = Static<typeof PlanLinkSchema>;

export const CreatedChallengeSchema = Type.Object({
  ...ChallengeSchema.properties,
  planLink: PlanLinkSchema,
  allocationWarning: Type.Union([AllocationSchema, Type.Null()], {
    description:
      "Set when the firm caps one trader's combined allocation and your challenges in progress there now add up to more (a warning: the challenge is created).",
  }),
});
export type CreatedChallenge = Static<typeof CreatedChallengeSchema>;

export const ChallengePageSchema = PageOf(ChallengeSchema, 'Newest first (by creation).');
export type ChallengePage = Static<typeof ChallengePageSchema>;

export const MemoSchema = Type.Object({
  id: Id('Memo id.'),
  challengeId: Id('Challenge the memo belongs to.'),
  content: Type.String({ description: 'The note.' }),
  createdAt: Timestamp('When the memo was written.'),
});
export type MemoView = Static<typeof MemoSchema>;

const HistoryEntrySchema = Type.Object({
  date: IsoDate('Date of the change.'),
  phase: Type.String({ description: 'Phase after the change.' }),
  status: Type.Enum([...CHALLENGE_STATUSES], { description: 'Status after the change.' }),
});

const CatalogPlanSchema = Nullable(
  Type.Object(
    {
      id: Type.String({ description: 'Catalog plan id.' }),
      firm: Type.String({ description: 'Firm slug.' }),
      program: Type.String({ description: 'Program name.' }),
      phases: Type.Integer({ description: 'Evaluation phases.' }),
      listPrice: Nullable(Money('Current list price in the catalog.')),
      currency: Type.String({ description: 'Currency of the list price.' }),
      checkedOn: IsoDate('Date the rules were last checked.'),
      rules: Type.Unknown({ description: 'The plan rules as in the catalog (get_plan shows the same).' }),
    },
    { description: 'The linked catalog plan (null when none is linked or it left the catalog).' },
  ),
);

/** What get_challenge adds from the ledger and the catalog: costs, the history, the linked plan and later resets. */
export const ChallengeLedgerProps = {
  costs: Type.Array(CostSchema, { description: 'Fees and refunds besides the price, oldest first.' }),
  history: Type.Array(HistoryEntrySchema, {
    description: 'Every phase and status change, oldest first (the first entry is the purchase).',
  }),
  catalogPlan: CatalogPlanSchema,
  resets: Type.Array(Id('A later attempt'), { description: 'Ids of the challenges bought as resets of this one.' }),
};

export const ChallengeDetailSchema = Type.Object({
  challenge: ChallengeSchema,
  memos: Type.Array(MemoSchema, { description: 'Notes, oldest first.' }),
  payouts: Type.Array(PayoutSchema, { description: 'Payouts from this challenge, newest first.' }),
  accounts: Type.Array(AccountSchema, { description: 'EA accounts linked to it, archived ones included (see `archived`).' }),
  ...ChallengeLedgerProps,
});
export type ChallengeDetail = Static<typeof ChallengeDetailSchema>;

export const ChallengeUpdateSchema = Type.Object({
  challenge: ChallengeSchema,
  changed: Type.Array(Type.String(), {
    description: 'Fields whose value actually changed; empty when the request changed nothing.',
  }),
  archivedAccounts: Type.Array(Type.Object({ id: Id('EA account id.'), login: Type.String(), server: Type.String() }), {
    description: 'EA accounts archived by this change (phase change or breach); empty otherwise.',
  }),
});
export type ChallengeUpdate = Static<typeof ChallengeUpdateSchema>;
