import { AppError, type Caller } from '@propfolio/core';
import { dateToIso } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { emptySnapshot, type TrashEntryRow, type TrashRepository, type TrashSnapshot, type TrashStore } from './trash.repository.js';

export const TRASH_KINDS = ['challenge', 'memo', 'payout', 'account'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];
const DAY_MS = 86_400_000;

export interface TrashContents {
  memos: number;
  payouts: number;
  accounts: number;
  reports: number;
}

export interface TrashEntryView {
  id: string;
  kind: TrashKind;
  label: string;
  deletedAt: string;
  purgeAfter: string;
  contents: TrashContents;
}

/**
 * A removal this transaction made, or 404. Two deletions (or restores) of one record at once both read it;
 * on PostgreSQL the second waits on the first's row lock and then deletes nothing: it answers 404, and its
 * transaction (everything it removed or copied before) rolls back, where `delete` threw a 500.
 */
function claim(removed: boolean, what: string): void {
  if (!removed) throw AppError.notFound(what);
}

const toView = (row: TrashEntryRow): TrashEntryView => ({
  id: row.id,
  kind: row.kind as TrashKind,
  label: row.label,
  deletedAt: row.deletedAt.toISOString(),
  purgeAfter: row.purgeAfter.toISOString(),
  contents: row.contents as TrashContents,
});

/**
 * Deletion into a trash of exact snapshots: a delete moves the record and everything that hangs on it
 * into one entry and removes the rows in the same transaction, so every read path (REST, MCP, lists,
 * summary) simply no longer sees them. Restore re-inserts the same rows (same ids and values) or
 * refuses with 409 when they cannot come back.
 */
export class TrashService {
  constructor(
    private readonly trash: TrashRepository,
    private readonly retentionDays: number,
  ) {}

  async deleteChallenge(caller: Caller, id: string, now = new Date()): Promise<TrashEntryView> {
    return this.trash.inTransaction(async (store) => {
      const challenge = await store.challengeWithDependents(caller, id);
      // The entry first, so that the trades can be moved under its id before the accounts' deletion cascades.
      const entry = await this.record(
        store,
        caller,
        'challenge',
        challenge.id,
        `${challenge.firm} ${challenge.plan}`,
        challenge.snapshot,
        now,
      );
      await store.moveTradesToEntry(entry.id, challenge.accountIds);
      claim(await store.removeChallengeWithDependents(challenge.id, challenge.accountIds), 'Challenge');
      return entry;
    });
  }

  async deleteMemo(caller: Caller, id: string, now = new Date()): Promise<TrashEntryView> {
    return this.trash.inTransaction(async (store) => {
      const memo = await store.ownedMemo(caller.userId, requireId(id, 'Memo'));
      if (!memo) throw AppError.notFound('Memo');
      claim(await store.removeMemo(memo.id), 'Memo');
      const label = memo.content.length > 60 ? `${memo.content.slice(0, 59)}…` : memo.content;
      return this.record(store, caller, 'memo', memo.id, label, { ...emptySnapshot(), memos: [memo.row] }, now);
    });
  }

  async deletePayout(caller: Caller, id: string, now = new Date()): Promise<TrashEntryView> {
    return this.trash.inTransaction(async (store) => {
      const payout = await store.ownedPayout(caller.userId, requireId(id, 'Payout'));
      if (!payout) throw AppError.notFound('Payout');
      claim(await store.removePayout(payout.id), 'Payout');
      const label = `${payout.amount} ${payout.currency} ${dateToIso(payout.date)}`;
      return this.record(store, caller, 'payout', payout.id, label, { ...emptySnapshot(), payouts: [payout.row] }, now);
    });
  }

  async deleteAccount(caller: Caller, id: string, now = new Date()): Promise<TrashEntryView> {
    return this.trash.inTransaction(async (store) => {
      const account = await store.accountWithDependents(caller, id);
      const label = `${account.name ? `${account.name} ` : ''}${account.login} @ ${account.server}`;
      // The entry first, so that the trades can be moved under its id before the account's deletion cascades.
      const entry = await this.record(store, caller, 'account', account.id, label, account.snapshot, now);
      await store.moveTradesToEntry(entry.id, [account.id]);
      claim(await store.removeAccountWithDependents(account.id), 'Account');
      return entry;
    });
  }

  /** The caller's entries, newest first (expired ones are purged first). */
  async list(caller: Caller, now = new Date()): Promise<TrashEntryView[]> {
    await this.purgeExpired(now);
    return (await this.trash.entriesOf(caller.userId)).map(toView);
  }

  /** Puts every row of the entry back as it was, or 409 (its challenge is in the trash, or a login was re-registered). */
  async restore(caller: Caller, id: string, now = new Date()): Promise<{ kind: TrashKind; id: string }> {
    return this.trash.inTransaction(async (store) => {
      // Claimed first: a concurrent restore of the same entry waits on its lock and then finds it gone (404).
      const entry = await store.claimLiveEntry(caller.userId, requireId(id, 'Trash entry'), now);
      if (!entry) throw AppError.notFound('Trash entry');
      const { snapshot } = entry;
      await this.checkRestorable(store, caller, snapshot);
      await store.reinsert(snapshot);
      const [restoredChallenge] = snapshot.challenges;
      if (restoredChallenge) await store.relinkResets(caller.userId, String(restoredChallenge.id), snapshot.resetLinks ?? []);
      await store.restoreTradesOf(entry.id);
      claim(await store.removeEntry(entry.id), 'Trash entry');
      return { kind: entry.kind as TrashKind, id: entry.recordId };
    });
  }

  /** Removes entries past their retention for every user (their trades with them, by cascade); returns how many. */
  async purgeExpired(now = new Date()): Promise<number> {
    return this.trash.removeExpired(now);
  }

  private async checkRestorable(store: TrashStore, caller: Caller, snapshot: TrashSnapshot): Promise<void> {
    const restoredChallenges = new Set(snapshot.challenges.map((c) => String(c.id)));
    const parentIds = new Set<string>();
    for (const row of [...snapshot.memos, ...snapshot.payouts, ...snapshot.accounts]) {
      if (typeof row.challengeId === 'string' && !restoredChallenges.has(row.challengeId)) parentIds.add(row.challengeId);
    }
    if (parentIds.size > 0) {
      const present = await store.countOwnedChallenges(caller.userId, [...parentIds]);
      if (present !== parentIds.size) {
        throw AppError.conflict('Its challenge is in the trash (or gone): restore the challenge first.');
      }
    }
    for (const account of snapshot.accounts) {
      if (await store.hasAccountWithLogin(caller.userId, String(account.server), String(account.login))) {
        throw AppError.conflict(
          `Login ${String(account.login)} on ${String(account.server)} was registered again since; archive or delete that account first.`,
        );
      }
    }
  }

  private async record(
    store: TrashStore,
    caller: Caller,
    kind: TrashKind,
    recordId: string,
    label: string,
    snapshot: TrashSnapshot,
    now: Date,
  ): Promise<TrashEntryView> {
    const contents: TrashContents = {
      memos: snapshot.memos.length,
      payouts: snapshot.payouts.length,
      accounts: snapshot.accounts.length,
      reports: snapshot.reports.length,
    };
    const row = await store.addEntry({
      userId: caller.userId,
      kind,
      recordId,
      label,
      snapshot,
      contents,
      deletedAt: now,
      purgeAfter: new Date(now.getTime() + this.retentionDays * DAY_MS),
    });
    return toView(row);
  }
}
