import { AppError, type Caller } from '@propfolio/core';
import type { ChallengeModel as Challenge, Prisma } from '@propfolio/db';
import { requireId } from '../shared/ids.js';

/**
 * The caller's challenge `id`, or 404: another user's challenge answers exactly like an unknown id.
 * Runs on the client or inside a transaction.
 */
export async function findOwnedChallenge(
  prisma: Prisma.TransactionClient,
  caller: Caller,
  id: string,
): Promise<Challenge> {
  const challenge = await prisma.challenge.findFirst({ where: { id: requireId(id, 'Challenge'), userId: caller.userId } });
  if (!challenge) throw AppError.notFound('Challenge');
  return challenge;
}

/** A failed (breached) challenge is closed: this is the one message every refusal uses. */
export function closedChallengeError(challenge: Challenge): AppError {
  const when = challenge.failedAt ? ` on ${challenge.failedAt.toISOString().slice(0, 10)}` : '';
  return AppError.conflict(
    `This challenge failed (breached)${when} and is closed: it can no longer be changed through the API. Corrections are possible only in the web dashboard.`,
    'challenge_closed',
  );
}
