/**
 * A realistic user for the HTTP benchmarks, written through the domain services (the same rules as the
 * API): 50 challenges (a third passed, a fifth failed, some monthly), 200 payouts, 3 EA accounts with
 * a year of daily reports each, and a few memos. Returns the key and the ids the routes need.
 */
import { addDays } from '@propfolio/core';
import { openDatabase } from '@propfolio/db';
import { createDomainServices } from '@propfolio/domain';

export interface SeededUser {
  key: string;
  /** The user the key belongs to (the anchors of issue 26 run their SQL for this user). */
  userId: string;
  challengeId: string;
  accountIds: string[];
}

export const SEED = { challenges: 50, payouts: 200, accounts: 3, reportDays: 365 } as const;

export async function seedUser(
  target: { databaseUrl?: string; dataDir?: string },
  userName: string,
  now = new Date(),
): Promise<SeededUser> {
  const db = await openDatabase(target);
  try {
    const s = createDomainServices(db);
    const { key } = await s.keys.createKey(userName, 'bench');
    const caller = await s.keys.authenticate(key);
    const today = now.toISOString().slice(0, 10);
    const challengeIds: string[] = [];
    for (let i = 0; i < SEED.challenges; i++) {
      const purchasedAt = addDays(today, -(400 - i * 7));
      const challenge = await s.challenges.create(
        caller,
        {
          firm: ['FTMO', 'The5ers', 'FundedNext', 'Alpha Capital'][i % 4],
          plan: `2-Step ${[10, 25, 50, 100, 200][i % 5]}k`,
          price: 89 + (i % 7) * 100.5,
          currency: i % 3 === 0 ? 'EUR' : 'USD',
          billing: i % 10 === 9 ? 'monthly' : 'one_time',
          paymentMethod: 'card',
          purchasedAt,
        } as never,
        now,
      );
      challengeIds.push(challenge.id);
      if (i % 3 === 1) await s.challenges.update(caller, { id: challenge.id, passedAt: addDays(purchasedAt, 20) }, now);
      else if (i % 5 === 0) await s.challenges.update(caller, { id: challenge.id, status: 'failed' } as never, now);
      if (i % 4 === 0) await s.challenges.addMemo(caller, { challengeId: challenge.id, content: `メモ ${i}: ルール確認済み` });
    }
    // Payouts on the passed challenges, after their purchase.
    const passed = challengeIds.filter((_, i) => i % 3 === 1);
    for (let i = 0; i < SEED.payouts; i++) {
      const index = i % passed.length;
      const purchasedAt = addDays(today, -(400 - (index * 3 + 1) * 7));
      await s.payouts.add(
        caller,
        {
          challengeId: passed[index] as string,
          amount: 250 + (i % 17) * 33.25,
          currency: 'USD',
          date: addDays(purchasedAt, 30 + (i % 20)),
        },
        now,
      );
    }
    const accountIds: string[] = [];
    for (let a = 0; a < SEED.accounts; a++) {
      const account = await s.accounts.register(caller, {
        login: `50${a}1234`,
        server: 'FTMO-Demo',
        currency: 'USD',
        initialBalance: 100_000,
        name: `EA ${a + 1}`,
        challengeId: challengeIds[[2, 8, 14][a] as number],
      });
      accountIds.push(account.id);
      let balance = 100_000;
      for (let d = SEED.reportDays - 1; d >= 0; d--) {
        const closedPnl = Math.round((Math.sin(d + a) * 400 + 25) * 100) / 100;
        balance = Math.round((balance + closedPnl) * 100) / 100;
        await s.reports.push(caller, { id: account.id, date: addDays(today, -d), balance, equity: balance - 12.5, closedPnl }, now);
      }
    }
    return { key, userId: caller.userId, challengeId: challengeIds[challengeIds.length - 2] as string, accountIds };
  } finally {
    await db.close();
  }
}
