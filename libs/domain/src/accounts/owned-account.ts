import { AppError, type Caller } from '@propfolio/core';
import { requireId } from '../shared/ids.js';
import { AccountsRepository, type AccountsStore, type AccountsTransaction, type StoredAccount } from './accounts.repository.js';

/** The caller's EA account `id` on the store of a transaction, or 404 exactly like an unknown id. */
export async function ownedAccountOf(store: Pick<AccountsStore, 'ownedAccount'>, caller: Caller, id: string): Promise<StoredAccount> {
  const account = await store.ownedAccount(caller.userId, requireId(id, 'EA account'));
  if (!account) throw AppError.notFound('EA account');
  return account;
}

/** The same inside another context's transaction (or on the database's client). */
export async function findOwnedAccount(tx: AccountsTransaction, caller: Caller, id: string): Promise<StoredAccount> {
  return ownedAccountOf(AccountsRepository.within(tx), caller, id);
}
