import { AppError, type Caller } from '@propfolio/core';
import type { UpdateChallengeInput } from './challenges.inputs.js';
import type { ChallengeUpdate } from './challenges.outputs.js';
import type { ChallengesRepository } from './challenges.repository.js';
import { toChallengeView } from './challenge-view.js';
import { findOwnedChallenge, lockOwnedChallenge } from './owned-challenge.js';
import { recordChallengeChange } from '../ledger/challenge-history.js';
import { planTransition } from './transition.js';
import { archiveChallengeAccounts } from '../accounts/archive-accounts.js';
import { assertCatalogPlan } from './plan-link.js';

/**
 * Applies a change to a challenge. The state-machine check, the archiving of linked EA accounts and the
 * update itself run in one transaction: all of it happens or none of it. The challenge row is locked
 * first, so an account registration (which takes the same lock) is either archived too or refused.
 */
export async function applyChallengeChange(
  rows: ChallengesRepository,
  caller: Caller,
  input: UpdateChallengeInput,
  now: Date,
): Promise<ChallengeUpdate> {
  return rows.inTransaction(async (store, tx) => {
    const current = await lockOwnedChallenge(tx, caller, input.id);
    const plan = planTransition(current, input, now);
    if (plan.changed.length === 0) {
      return { challenge: toChallengeView(current, now), changed: [], archivedAccounts: [] };
    }
    if (typeof plan.data.planId === 'string') await assertCatalogPlan(store, plan.data.planId);
    const archivedAccounts = plan.archiveReason ? await archiveChallengeAccounts(tx, caller, current.id, plan.archiveReason, now) : [];
    // Optimistic guard: a concurrent change since the read makes this update match no row.
    if (!(await store.updateIfUnchanged(current, plan.data))) {
      throw AppError.conflict('The challenge changed while this update ran; read it again and retry.');
    }
    const challenge = await findOwnedChallenge(tx, caller, current.id);
    await recordChallengeChange(tx, current, challenge, input, now);
    return { challenge: toChallengeView(challenge, now), changed: plan.changed, archivedAccounts };
  });
}
