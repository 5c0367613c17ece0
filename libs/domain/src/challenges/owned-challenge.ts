import { AppError, type Caller } from '@propfolio/core';
import { assertNotBefore, assertNotFuture, dateToIso } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { ChallengesRepository, type ChallengeRow as Challenge, type ChallengeTransaction } from './challenges.repository.js';

/** Where the caller's challenge is read: the challenges' repository, or its store on a transaction. */
type OwnedChallengeReader = Pick<ChallengesRepository, 'ownedChallenge'>;

/** The caller's challenge `id`, or 404: another user's challenge answers exactly like an unknown id. */
export async function ownedChallengeOf(rows: OwnedChallengeReader, caller: Caller, id: string): Promise<Challenge> {
  const challenge = await rows.ownedChallenge(caller.userId, requireId(id, 'Challenge'));
  if (!challenge) throw AppError.notFound('Challenge');
  return challenge;
}

/** The same inside another context's transaction (or on the database's client). */
export async function findOwnedChallenge(tx: ChallengeTransaction, caller: Caller, id: string): Promise<Challenge> {
  return ownedChallengeOf(ChallengesRepository.within(tx), caller, id);
}

/**
 * The caller's challenge, locked until the transaction ends (SELECT … FOR UPDATE). Everything that reads a
 * challenge's status to decide about its EA accounts (registering one, breaching or changing phase) takes
 * this lock first, so those decisions serialise instead of racing: a breach then archives every account.
 */
export async function lockOwnedChallenge(tx: ChallengeTransaction, caller: Caller, id: string): Promise<Challenge> {
  const challengeId = requireId(id, 'Challenge');
  await ChallengesRepository.within(tx).lockOwnedChallenge(caller.userId, challengeId);
  return findOwnedChallenge(tx, caller, challengeId);
}

/**
 * Locks the caller's challenge (404 when not theirs) for the rest of the transaction and refuses a failed one: what
 * registering or linking an EA account checks (services.ts hands it to the account service).
 */
export async function lockOpenChallenge(tx: ChallengeTransaction, caller: Caller, id: string): Promise<void> {
  const challenge = await lockOwnedChallenge(tx, caller, id);
  if (challenge.status === 'failed') throw closedChallengeError(challenge);
}

/** A failed (breached) challenge is closed: this is the one message every refusal uses. */
export function closedChallengeError(challenge: Challenge): AppError {
  const when = challenge.failedAt ? ` on ${challenge.failedAt.toISOString().slice(0, 10)}` : '';
  return AppError.conflict(
    `This challenge failed (breached)${when} and is closed: only monthlyEndedAt (the day a monthly subscription was cancelled) can still be set. Memos can still be added; other corrections need a new record.`,
    'challenge_closed',
  );
}

/**
 * The caller's challenge for a dated money entry (a cost or a payout): its date is neither in the future nor before
 * the purchase. services.ts hands it to the ledger and the payouts as their `ChallengeForEntry`.
 */
export async function challengeForDatedEntry(
  rows: OwnedChallengeReader,
  caller: Caller,
  id: string,
  date: string,
  now: Date,
): Promise<Challenge> {
  const challenge = await ownedChallengeOf(rows, caller, id);
  assertNotFuture('date', date, now);
  assertNotBefore('date', date, dateToIso(challenge.purchasedAt), 'the purchase date of the challenge');
  return challenge;
}
