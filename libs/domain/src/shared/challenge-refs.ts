import { IsOptional, IsString } from 'class-validator';
import { Doc, FormerName, type Caller } from '@propfolio/core';

/*
 * How other contexts name a challenge: the inputs that point at one (a cost, a payout, alert rules, the coach's
 * answers) and the check a dated money entry needs. They are the challenges' (challenges.inputs.ts re-exports the
 * inputs, owned-challenge.ts implements the check), kept here so that the ledger and the payouts, which the
 * challenge's answers embed, do not import the challenges back (docs/architecture.md, "Contexts and their loops").
 */

export class ChallengeIdInput {
  @Doc('Challenge id.')
  @IsString()
  id!: string;
}

/**
 * Inputs that add something to a challenge (memos, payouts) name it `challengeId`, the name an agent reads
 * in the tool schema. `id` was its name up to 0.1 and is still accepted for one version.
 */
export class ChallengeRefInput {
  @Doc('Challenge id.')
  @FormerName('id')
  @IsString()
  challengeId!: string;

  @Doc({ description: 'Old name of challengeId.', deprecated: true })
  @IsOptional()
  @IsString()
  id?: string;
}

/**
 * The caller's challenge `id` for a money entry dated `date` (a cost, a payout): 404 when it is not theirs, 400 when
 * the date is in the future or before the purchase. services.ts hands the challenges' check to the ledger and payouts.
 */
export type ChallengeForEntry = (caller: Caller, id: string, date: string, now: Date) => Promise<{ id: string }>;
