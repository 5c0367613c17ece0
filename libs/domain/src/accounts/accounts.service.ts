import { AppError, type Caller } from '@propfolio/core';
import type { AccountLookupInput, ListAccountsInput, RegisterAccountInput, UpdateAccountInput } from './accounts.inputs.js';
import { toDecimal } from '../shared/money.js';
import { Keyset } from '../shared/pagination.js';
import type { AccountPage, AccountView } from './accounts.outputs.js';
import type { AccountsRepository, AccountsTransaction } from './accounts.repository.js';
import { archivedAccountError } from './archived-error.js';
import { ownedAccountOf } from './owned-account.js';
import { toAccountView, toListedAccountView, type ListedAccountRow } from './account-view.js';

/**
 * Locks the caller's challenge for the rest of the transaction, refusing one that is not theirs (404) or failed
 * (challenge_closed): the challenges' rule, handed in by services.ts (challenges' `lockOpenChallenge`).
 */
export type ChallengeOpenCheck = (tx: AccountsTransaction, caller: Caller, challengeId: string) => Promise<void>;

/** Registering and listing the EA accounts the tracker reports for. */
export class AccountService {
  constructor(
    private readonly rows: AccountsRepository,
    private readonly assertChallengeOpen: ChallengeOpenCheck,
  ) {}

  /**
   * Registers an account, optionally linked to a challenge. The challenge is locked while its status is
   * checked and the account inserted, so a concurrent breach either sees (and archives) this account or
   * makes this registration fail with challenge_closed.
   */
  async register(caller: Caller, input: RegisterAccountInput): Promise<AccountView> {
    const initialBalance = toDecimal(input.initialBalance);
    const row = await this.rows.insertAccount(
      {
        userId: caller.userId,
        challengeId: input.challengeId?.toLowerCase() ?? null,
        login: input.login,
        server: input.server,
        name: input.name ?? null,
        platform: input.platform ?? null,
        currency: input.currency,
        initialBalance,
        balance: initialBalance,
        equity: initialBalance,
      },
      async (tx) => {
        if (input.challengeId !== undefined) await this.assertChallengeOpen(tx, caller, input.challengeId);
      },
    );
    if (!row) {
      throw AppError.conflict(
        `An EA account with login ${input.login} on server ${input.server} is already registered; use list_accounts (with archived=include) to find it.`,
      );
    }
    return toAccountView(row);
  }

  /**
   * Links an account to a challenge (one the tracker registered before it was linked, or a correction) and
   * renames it. The challenge is locked as in `register`, so a concurrent breach either archives this account
   * too or makes the link fail; an archived account stays where it was.
   */
  async update(caller: Caller, input: UpdateAccountInput): Promise<AccountView> {
    return this.rows.inTransaction(async (store, tx) => {
      const account = await ownedAccountOf(store, caller, input.id);
      if (account.archivedAt) throw archivedAccountError(account.archivedAt, account.archivedReason);
      if (input.challengeId !== undefined) await this.assertChallengeOpen(tx, caller, input.challengeId);
      const row = await store.updateAccount(account.id, {
        ...(input.challengeId !== undefined ? { challengeId: input.challengeId.toLowerCase() } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.platform !== undefined ? { platform: input.platform } : {}),
      });
      return toAccountView(row);
    });
  }

  /** The caller's account with this login on this server (archived or not), or 404: how a tracker finds the account it registered. */
  async lookup(caller: Caller, input: AccountLookupInput): Promise<AccountView> {
    const row = await this.rows.accountByLogin(caller.userId, input.server, input.login);
    if (!row) throw AppError.notFound('EA account');
    return toAccountView(row);
  }

  /** One statement (see AccountsRepository.accountPage): the owner and archived filters and the cursor are its `where`. */
  async list(caller: Caller, input: ListAccountsInput): Promise<AccountPage> {
    const keyset = new Keyset<ListedAccountRow>(input, (row) => row.createdAt);
    const rows = await this.rows.accountPage(caller.userId, keyset, input.archived ?? 'exclude', input.platform);
    return keyset.page(rows, toListedAccountView);
  }
}
