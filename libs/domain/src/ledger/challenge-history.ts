import { LedgerRepository, type LedgerTransaction, type PurchaseRow as Challenge } from './ledger.repository.js';
import { isoToDate, todayIso } from '../shared/dates.js';

/**
 * Records the phase and status a change leaves the challenge in, inside the transaction that made it.
 * Dated `changedAt` when given, else the pass date for a pass, else today.
 */
export async function recordChallengeChange(
  tx: LedgerTransaction,
  before: Challenge,
  after: Challenge,
  input: { changedAt?: string },
  now: Date,
): Promise<void> {
  if (before.phase === after.phase && before.status === after.status) return;
  const passedNow = after.status === 'passed' && before.status !== 'passed' ? after.passedAt : null;
  const date = input.changedAt ? isoToDate(input.changedAt) : (passedNow ?? isoToDate(todayIso(now)));
  await LedgerRepository.inTransaction(tx).insertChallengeEvent({
    userId: after.userId,
    challengeId: after.id,
    phase: after.phase,
    status: after.status,
    date,
  });
}
