import { AppError, type Caller } from '@propfolio/core';
import type { EaAccountModel as EaAccount, Prisma } from '@propfolio/db';
import { requireId } from '../shared/ids.js';

/** The caller's EA account `id`, or 404 exactly like an unknown id. */
export async function findOwnedAccount(prisma: Prisma.TransactionClient, caller: Caller, id: string): Promise<EaAccount> {
  const account = await prisma.eaAccount.findFirst({ where: { id: requireId(id, 'EA account'), userId: caller.userId } });
  if (!account) throw AppError.notFound('EA account');
  return account;
}
