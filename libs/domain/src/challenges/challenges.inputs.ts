import { IsIn, IsOptional, IsString } from 'class-validator';
import { Doc, IsIsoDate } from '@propfolio/core';
import { Absent, FreeText, PageInput } from '../shared/contract-fields.js';
import { CurrencyField, MoneyField } from '../shared/money-fields.js';
import { PurchaseLedgerFields } from '../shared/purchase-fields.js';
import { ChallengeIdInput, ChallengeRefInput } from '../shared/challenge-refs.js';
import { PLATFORMS, type Platform } from '@propfolio/coach';

export const CHALLENGE_STATUSES = ['in_progress', 'passed', 'failed'] as const;
export type ChallengeStatusName = (typeof CHALLENGE_STATUSES)[number];
export const STATUS_FILTERS = [...CHALLENGE_STATUSES, 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const BILLINGS = ['one_time', 'monthly'] as const;
export type BillingName = (typeof BILLINGS)[number];
export const DEFAULT_PHASE = 'Phase 1';
export const DEFAULT_CURRENCY = 'USD';
/** What a challenge's platform is for, in create_challenge and update_challenge alike. */
// Short on purpose: tools/list has a byte budget. Which rules differ by platform is in the plan's `variants`.
const PLATFORM_DOC = "The plan's rules for this platform;";

// The inputs that name a challenge live beside the other contract fields, for the contexts below this one.
export { ChallengeIdInput, ChallengeRefInput };

export class GetChallengeInput extends ChallengeIdInput {}

export class ListChallengesInput extends PageInput {
  @Doc({
    description: '`failed` means breached.',
    default: 'all',
  })
  @IsOptional()
  @IsIn(STATUS_FILTERS)
  status?: StatusFilter = 'all';
}

export class CreateChallengeInput extends PurchaseLedgerFields {
  @Doc({ description: 'Prop firm (free text).', example: 'FTMO' })
  @FreeText(100)
  firm!: string;

  @Doc({
    description: 'Plan and account size (free text).',
    example: '2-Step 100k',
  })
  @FreeText(200)
  plan!: string;

  @MoneyField({ description: 'Price paid; monthly plan: the monthly fee.', example: 540, sign: 'zeroOrMore' })
  price!: number;

  @CurrencyField({ description: 'Currency of the price, any case.', default: 'USD', example: 'EUR', presence: 'optional' })
  currency?: string;

  @Doc({ description: 'Current phase (free text).', default: DEFAULT_PHASE, example: 'Phase 1' })
  @Absent()
  @FreeText(50)
  phase?: string;

  @Doc({
    description: `${PLATFORM_DOC} absent: its defaults.`,
    example: 'mt5',
  })
  @Absent()
  @IsIn(PLATFORMS)
  platform?: Platform;

  @Doc('Payment method (free text).')
  @Absent()
  @FreeText(100)
  paymentMethod?: string;

  @Doc({
    description: 'monthly: price is billed every month.',
    default: 'one_time',
  })
  @Absent()
  @IsIn(BILLINGS)
  billing?: BillingName;

  @Doc({ description: 'Purchase date, not future; default today (UTC).', example: '2026-03-01' })
  @Absent()
  @IsIsoDate()
  purchasedAt?: string;
}

export class UpdateChallengeInput extends ChallengeIdInput {
  @Doc({
    description: 'New phase (free text); a change archives the linked EA accounts.',
    example: 'Phase 2',
  })
  @Absent()
  @FreeText(50)
  phase?: string;

  @Doc({
    description: `${PLATFORM_DOC} null clears it.`,
    example: 'topstepx',
  })
  @IsOptional()
  @IsIn(PLATFORMS)
  platform?: Platform | null;

  @Doc('failed: breach, archives linked accounts, final. passed: today unless passedAt; no return to in_progress.')
  @Absent()
  @IsIn(CHALLENGE_STATUSES)
  status?: ChallengeStatusName;

  @Doc('Payment method (free text).')
  @Absent()
  @FreeText(100)
  paymentMethod?: string;

  @Doc({
    description: 'Catalog plan id; null unlinks. Archives no account.',
    example: 'ftmo-2-step-100000',
  })
  @IsOptional()
  @IsString()
  planId?: string | null;

  @Doc({
    description: 'Pass date (not future, not before purchase); sets passed or corrects it.',
    example: '2026-03-20',
  })
  @Absent()
  @IsIsoDate()
  passedAt?: string;

  @Doc({
    description: 'Ends a monthly plan: billing days up to it are charged.',
    example: '2026-06-30',
  })
  @Absent()
  @IsIsoDate()
  monthlyEndedAt?: string;

  @Doc({
    description: 'Date of the phase or status change sent with it; default today.',
    example: '2026-02-20',
  })
  @Absent()
  @IsIsoDate()
  changedAt?: string;
}

export class AddMemoInput extends ChallengeRefInput {
  @Doc({ description: 'Plain text.' })
  @FreeText(10_000)
  content!: string;
}
