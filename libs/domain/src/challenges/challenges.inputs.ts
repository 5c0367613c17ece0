import { IsIn, IsISO4217CurrencyCode, IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';
import { Doc, FormerName, IsIsoDate, UpperCase } from '@propfolio/core';
import { Absent, FreeText, MAX_AMOUNT, MONEY, MONEY_MESSAGE, PageInput } from '../shared/contract-fields.js';
import { PurchaseLedgerFields } from '../shared/purchase-fields.js';

export const CHALLENGE_STATUSES = ['in_progress', 'passed', 'failed'] as const;
export type ChallengeStatusName = (typeof CHALLENGE_STATUSES)[number];
export const STATUS_FILTERS = [...CHALLENGE_STATUSES, 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const BILLINGS = ['one_time', 'monthly'] as const;
export type BillingName = (typeof BILLINGS)[number];
export const DEFAULT_PHASE = 'Phase 1';
export const DEFAULT_CURRENCY = 'USD';

export class ChallengeIdInput {
  @Doc('Id of the challenge (a uuid from list_challenges or create_challenge).')
  @IsString()
  id!: string;
}

export class GetChallengeInput extends ChallengeIdInput {}

/**
 * Inputs that add something to a challenge (memos, payouts) name it `challengeId`, the name an agent reads
 * in the tool schema. `id` was its name up to 0.1 and is still accepted for one version.
 */
export class ChallengeRefInput {
  @Doc('Id of the challenge to add to (a uuid from list_challenges or create_challenge).')
  @FormerName('id')
  @IsString()
  challengeId!: string;

  @Doc({ description: 'Deprecated since 0.2 and removed in 0.3: the former name of `challengeId`.', deprecated: true })
  @IsOptional()
  @IsString()
  id?: string;
}

export class ListChallengesInput extends PageInput {
  @Doc({
    description: 'Which challenges to list: `in_progress` (still being traded), `passed`, `failed` (breached), or `all`. Default `all`.',
    default: 'all',
  })
  @IsOptional()
  @IsIn(STATUS_FILTERS)
  status?: StatusFilter = 'all';
}

export class CreateChallengeInput extends PurchaseLedgerFields {
  @Doc({ description: 'Name of the prop firm as the trader calls it (free text).', example: 'FTMO' })
  @FreeText(100)
  firm!: string;

  @Doc({ description: 'Plan bought, including the account size (free text).', example: '2-Step 100k' })
  @FreeText(200)
  plan!: string;

  @Doc({
    description: 'Price paid, as a JSON number. For a monthly plan this is the monthly fee.',
    example: 540,
  })
  @IsNumber(MONEY, MONEY_MESSAGE)
  @Min(0)
  @Max(MAX_AMOUNT)
  price!: number;

  @Doc({ description: 'ISO 4217 currency of the price, any case. Default USD.', default: 'USD', example: 'EUR' })
  @Absent()
  @UpperCase()
  @IsISO4217CurrencyCode()
  currency?: string;

  @Doc({ description: 'Current phase (free text). Default "Phase 1".', default: DEFAULT_PHASE, example: 'Phase 1' })
  @Absent()
  @FreeText(50)
  phase?: string;

  @Doc({ description: 'How it was paid (free text), e.g. "card" or "crypto".', example: 'card' })
  @Absent()
  @FreeText(100)
  paymentMethod?: string;

  @Doc({
    description: '`one_time` (a single fee) or `monthly` (a subscription: `price` is billed every month). Default `one_time`.',
    default: 'one_time',
  })
  @Absent()
  @IsIn(BILLINGS)
  billing?: BillingName;

  @Doc({ description: 'Purchase date, YYYY-MM-DD, not in the future. Default today (UTC).', example: '2026-03-01' })
  @Absent()
  @IsIsoDate()
  purchasedAt?: string;
}

export class UpdateChallengeInput extends ChallengeIdInput {
  @Doc({
    description:
      'New phase (free text), e.g. "Phase 2" or "Funded". A different phase archives every EA account linked to the challenge (a new phase means new trading accounts); the same phase changes nothing.',
    example: 'Phase 2',
  })
  @Absent()
  @FreeText(50)
  phase?: string;

  @Doc(
    'New status: `in_progress`, `passed` or `failed`. `failed` records a breach: it archives the linked EA accounts and closes the challenge for good. `passed` without `passedAt` records today as the pass date. A passed challenge cannot go back to `in_progress`.',
  )
  @Absent()
  @IsIn(CHALLENGE_STATUSES)
  status?: ChallengeStatusName;

  @Doc({ description: 'How it was paid (free text).', example: 'card' })
  @Absent()
  @FreeText(100)
  paymentMethod?: string;

  @Doc({
    description:
      'Pass date, YYYY-MM-DD, not before the purchase date nor in the future. On an in-progress challenge it also sets the status to `passed`; on a passed one it corrects the date.',
    example: '2026-03-20',
  })
  @Absent()
  @IsIsoDate()
  passedAt?: string;

  @Doc({
    description:
      'Ends a monthly plan (YYYY-MM-DD, not before the purchase date nor in the future): the fee is counted for each month whose billing day (the purchase day of the month) falls on or before this date. Only for `monthly` billing; the one change a failed challenge still takes.',
    example: '2026-06-30',
  })
  @Absent()
  @IsIsoDate()
  monthlyEndedAt?: string;

  @Doc({
    description:
      'Date of this phase or status change for the challenge history (YYYY-MM-DD, not before the purchase date nor in the future; default today), e.g. to record a past change; also the breach date with `status: failed`. It dates the change it comes with and is not a change on its own.',
    example: '2026-02-20',
  })
  @Absent()
  @IsIsoDate()
  changedAt?: string;
}

export class AddMemoInput extends ChallengeRefInput {
  @Doc({ description: 'The note to attach to the challenge (plain text, up to 10000 characters).' })
  @FreeText(10_000)
  content!: string;
}
