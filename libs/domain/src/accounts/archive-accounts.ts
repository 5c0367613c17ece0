import type { Caller } from '@propfolio/core';
import { AccountsRepository, type AccountsTransaction, type ArchivedAccount } from './accounts.repository.js';

/**
 * Archives the caller's active EA accounts linked to a challenge (a breach or a phase change), inside the caller's
 * transaction: the accounts context's answer to a challenge's change (see AccountsStore.archiveChallengeAccounts for
 * the locking that keeps report pushes from racing it).
 */
export async function archiveChallengeAccounts(
  tx: AccountsTransaction,
  caller: Caller,
  challengeId: string,
  reason: string,
  now: Date,
): Promise<ArchivedAccount[]> {
  return AccountsRepository.within(tx).archiveChallengeAccounts(caller.userId, challengeId, reason, now);
}
