import type { Caller } from '@propfolio/core';
import type { Prisma } from '@propfolio/db';

interface ArchivedAccount {
  id: string;
  login: string;
  server: string;
}

/**
 * Archives the caller's active EA accounts linked to a challenge (a breach or a phase change), inside
 * the caller's transaction. The rows are locked FOR UPDATE first: that waits for the report pushes in
 * flight, which hold FOR KEY SHARE (see report-service.ts), and holds back the next ones until this
 * transaction ends, when they see the account archived. A plain UPDATE would not conflict with them.
 */
export async function archiveChallengeAccounts(
  tx: Prisma.TransactionClient,
  caller: Caller,
  challengeId: string,
  reason: string,
  now: Date,
): Promise<ArchivedAccount[]> {
  const accounts = await tx.$queryRaw<ArchivedAccount[]>`
    SELECT "id", "login", "server" FROM "EaAccount"
    WHERE "challengeId" = ${challengeId} AND "userId" = ${caller.userId} AND "archivedAt" IS NULL
    ORDER BY "id" FOR UPDATE`;
  if (accounts.length > 0) {
    await tx.eaAccount.updateMany({
      where: { id: { in: accounts.map((a) => a.id) } },
      data: { archivedAt: now, archivedReason: reason },
    });
  }
  return accounts;
}
