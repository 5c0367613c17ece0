import { AppError, type Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { closedChallengeError, lockOwnedChallenge } from '../challenges/owned-challenge.js';
import type { AccountLookupInput, ListAccountsInput, RegisterAccountInput, UpdateAccountInput } from './accounts.inputs.js';
import { toDecimal } from '../shared/money.js';
import { Keyset } from '../shared/pagination.js';
import type { AccountPage, AccountView } from './accounts.outputs.js';
import { archivedAccountError } from './archived-error.js';
import { findOwnedAccount } from './owned-account.js';
import { toAccountView, toListedAccountView, WITH_CHALLENGE, type ListedAccountRow } from './account-view.js';
import { readAccountPage } from './account-list-read.js';

/** Registering and listing the EA accounts the tracker reports for. */
export class AccountService {
  constructor(private readonly db: Database) {}

  /**
   * Registers an account, optionally linked to a challenge. The challenge is locked while its status is
   * checked and the account inserted, so a concurrent breach either sees (and archives) this account or
   * makes this registration fail with challenge_closed.
   */
  async register(caller: Caller, input: RegisterAccountInput): Promise<AccountView> {
    const initialBalance = toDecimal(input.initialBalance);
    try {
      return await this.db.prisma.$transaction(async (tx) => {
        if (input.challengeId !== undefined) {
          const challenge = await lockOwnedChallenge(tx, caller, input.challengeId);
          if (challenge.status === 'failed') throw closedChallengeError(challenge);
        }
        const row = await tx.eaAccount.create({
          data: {
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
          include: WITH_CHALLENGE,
        });
        return toAccountView(row);
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw AppError.conflict(
          `An EA account with login ${input.login} on server ${input.server} is already registered; use list_accounts (with archived=include) to find it.`,
        );
      }
      throw error;
    }
  }

  /**
   * Links an account to a challenge (one the tracker registered before it was linked, or a correction) and
   * renames it. The challenge is locked as in `register`, so a concurrent breach either archives this account
   * too or makes the link fail; an archived account stays where it was.
   */
  async update(caller: Caller, input: UpdateAccountInput): Promise<AccountView> {
    return this.db.prisma.$transaction(async (tx) => {
      const account = await findOwnedAccount(tx, caller, input.id);
      if (account.archivedAt) throw archivedAccountError(account.archivedAt, account.archivedReason);
      if (input.challengeId !== undefined) {
        const challenge = await lockOwnedChallenge(tx, caller, input.challengeId);
        if (challenge.status === 'failed') throw closedChallengeError(challenge);
      }
      const row = await tx.eaAccount.update({
        where: { id: account.id },
        data: {
          ...(input.challengeId !== undefined ? { challengeId: input.challengeId.toLowerCase() } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.platform !== undefined ? { platform: input.platform } : {}),
        },
        include: WITH_CHALLENGE,
      });
      return toAccountView(row);
    });
  }

  /** The caller's account with this login on this server (archived or not), or 404: how a tracker finds the account it registered. */
  async lookup(caller: Caller, input: AccountLookupInput): Promise<AccountView> {
    const row = await this.db.prisma.eaAccount.findUnique({
      where: { userId_server_login: { userId: caller.userId, server: input.server, login: input.login } },
      include: WITH_CHALLENGE,
    });
    if (!row) throw AppError.notFound('EA account');
    return toAccountView(row);
  }

  /** One statement (see readAccountPage): the owner and archived filters and the cursor are its `where`. */
  async list(caller: Caller, input: ListAccountsInput): Promise<AccountPage> {
    const keyset = new Keyset<ListedAccountRow>(input, (row) => row.createdAt);
    return keyset.page(await readAccountPage(this.db, caller, keyset, input.archived ?? 'exclude', input.platform), toListedAccountView);
  }
}
