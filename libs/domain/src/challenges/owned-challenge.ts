import { AppError, type Caller } from '@propfolio/core';
import type { ChallengeModel as Challenge, Prisma } from '@propfolio/db';
import { assertNotBefore, assertNotFuture, dateToIso } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';

/**
 * The caller's challenge `id`, or 404: another user's challenge answers exactly like an unknown id.
 * Runs on the client or inside a transaction.
 */
export async function findOwnedChallenge(prisma: Prisma.TransactionClient, caller: Caller, id: string): Promise<Challenge> {
  const challenge = await prisma.challenge.findFirst({ where: { id: requireId(id, 'Challenge'), userId: caller.userId } });
  if (!challenge) throw AppError.notFound('Challenge');
  return challenge;
}

/**
 * The caller's challenge, locked until the transaction ends (SELECT … FOR UPDATE). Everything that reads a
 * challenge's status to decide about its EA accounts (registering one, breaching or changing phase) takes
 * this lock first, so those decisions serialise instead of racing: a breach then archives every account.
 */
export async function lockOwnedChallenge(tx: Prisma.TransactionClient, caller: Caller, id: string): Promise<Challenge> {
  const challengeId = requireId(id, 'Challenge');
  await tx.$queryRaw`SELECT 1 FROM "Challenge" WHERE "id" = ${challengeId} AND "userId" = ${caller.userId} FOR UPDATE`;
  return findOwnedChallenge(tx, caller, challengeId);
}

/** A failed (breached) challenge is closed: this is the one message every refusal uses. */
export function closedChallengeError(challenge: Challenge): AppError {
  const when = challenge.failedAt ? ` on ${challenge.failedAt.toISOString().slice(0, 10)}` : '';
  return AppError.conflict(
    `This challenge failed (breached)${when} and is closed: only monthlyEndedAt (the day a monthly subscription was cancelled) can still be set. Memos can still be added; other corrections need a new record.`,
    'challenge_closed',
  );
}

/** The caller's challenge for a dated money entry (a cost or a payout): its date is neither in the future nor before the purchase. */
export async function challengeForDatedEntry(
  prisma: Prisma.TransactionClient,
  caller: Caller,
  id: string,
  date: string,
  now: Date,
): Promise<Challenge> {
  const challenge = await findOwnedChallenge(prisma, caller, id);
  assertNotFuture('date', date, now);
  assertNotBefore('date', date, dateToIso(challenge.purchasedAt), 'the purchase date of the challenge');
  return challenge;
}
