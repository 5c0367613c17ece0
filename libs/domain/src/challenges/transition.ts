import { AppError } from '@propfolio/core';
import type { Platform } from '@propfolio/coach';
import type { ChallengeStatusName, UpdateChallengeInput } from './challenges.inputs.js';
import { assertNotBefore, assertNotFuture, dateToIso, isoOrNull, isoToDate, todayIso } from '../shared/dates.js';
import { closedChallengeError } from './owned-challenge.js';
import type { ChallengeRow as Challenge } from './challenges.repository.js';

const UPDATABLE_FIELDS = ['phase', 'status', 'paymentMethod', 'passedAt', 'monthlyEndedAt', 'planId', 'platform'] as const;
type Field = (typeof UPDATABLE_FIELDS)[number];

interface ChallengeChanges {
  phase?: string;
  status?: ChallengeStatusName;
  paymentMethod?: string;
  passedAt?: Date;
  failedAt?: Date;
  monthlyEndedAt?: Date;
  planId?: string | null;
  platform?: Platform | null;
}

export interface TransitionPlan {
  data: ChallengeChanges;
  /** Fields whose stored value changes; empty means the request changes nothing. */
  changed: Field[];
  /** Set when the linked EA accounts must be archived (phase change or breach). */
  archiveReason: string | null;
}

/**
 * The challenge state machine, as a pure function of the stored challenge and the request:
 * in_progress → passed | failed, passed → failed; failed is final. `passedAt` on an in-progress
 * challenge passes it; `status: passed` without `passedAt` records today. A different phase or a breach
 * archives the linked EA accounts. A failed challenge still takes `monthlyEndedAt` alone: the subscription
 * is usually cancelled after the breach, and until that date is recorded every month is counted as billed.
 */
export function planTransition(current: Challenge, input: UpdateChallengeInput, now: Date): TransitionPlan {
  if (!UPDATABLE_FIELDS.some((field) => input[field] !== undefined)) {
    throw AppError.validation(`Give at least one field to change: ${UPDATABLE_FIELDS.join(', ')}.`, [
      { field: '', message: `at least one of ${UPDATABLE_FIELDS.join(', ')} is required` },
    ]);
  }
  if (current.status === 'failed' && !onlyEndsBilling(input)) throw closedChallengeError(current);
  const today = todayIso(now);
  const purchasedAt = dateToIso(current.purchasedAt);
  for (const field of ['passedAt', 'monthlyEndedAt', 'changedAt'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    assertNotFuture(field, value, now);
    assertNotBefore(field, value, purchasedAt, 'the purchase date');
  }
  if (input.monthlyEndedAt !== undefined && current.billing !== 'monthly') {
    throw AppError.invalidField('monthlyEndedAt', 'only applies to monthly plans; this challenge is billed one_time');
  }
  if (input.passedAt !== undefined && input.status === 'in_progress') {
    throw AppError.invalidField('passedAt', 'cannot be set together with status in_progress');
  }

  const status = input.status ?? (input.passedAt !== undefined && current.status === 'in_progress' ? 'passed' : current.status);
  if (current.status === 'passed' && status === 'in_progress') {
    throw AppError.conflict('A passed challenge cannot go back to in_progress. To record the next phase, change `phase` instead.');
  }

  const plan: TransitionPlan = { data: {}, changed: [], archiveReason: null };
  const set = <K extends Field>(field: K, stored: string | null, next: string | undefined, value: ChallengeChanges[K]) => {
    if (next === undefined || next === stored) return;
    plan.data[field] = value;
    plan.changed.push(field);
  };
  set('phase', current.phase, input.phase, input.phase);
  set('status', current.status, status, status);
  set('paymentMethod', current.paymentMethod, input.paymentMethod, input.paymentMethod);
  const passedAt = input.passedAt ?? (status === 'passed' ? (isoOrNull(current.passedAt) ?? today) : undefined);
  set('passedAt', isoOrNull(current.passedAt), passedAt, passedAt === undefined ? undefined : isoToDate(passedAt));
  set(
    'monthlyEndedAt',
    isoOrNull(current.monthlyEndedAt),
    input.monthlyEndedAt,
    input.monthlyEndedAt === undefined ? undefined : isoToDate(input.monthlyEndedAt),
  );
  // Linking, changing or unlinking the catalog plan changes the rules the coach applies, not the attempt: no
  // account is archived and no history entry is written.
  if (input.planId !== undefined && input.planId !== current.planId) {
    plan.data.planId = input.planId;
    plan.changed.push('planId');
  }
  // The platform picks the plan's rules for it (as the plan does), and archives nothing either.
  if (input.platform !== undefined && input.platform !== current.platform) {
    plan.data.platform = input.platform;
    plan.changed.push('platform');
  }

  if (status === 'failed') {
    plan.data.failedAt = isoToDate(input.changedAt ?? today);
    plan.archiveReason = `breach: challenge marked failed on ${input.changedAt ?? today}`;
  } else if (plan.data.phase !== undefined) {
    plan.archiveReason = `phase change: ${current.phase} → ${plan.data.phase} on ${today}`;
  }
  return plan;
}

/**
 * The changes of a challenge that archive its linked EA accounts, as planTransition applies them: a status
 * that becomes `failed` (a breach) and any change of `phase`. The dashboard gets this list from the server.
 */
export const ARCHIVING_CHANGES = ['phase', 'failed'] as const;
export type ArchivingChange = (typeof ARCHIVING_CHANGES)[number];

/** The one change a failed challenge still accepts: the date its monthly subscription ended. */
function onlyEndsBilling(input: UpdateChallengeInput): boolean {
  return input.monthlyEndedAt !== undefined && UPDATABLE_FIELDS.every((field) => field === 'monthlyEndedAt' || input[field] === undefined);
}
