import { describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { migrations } from './generated/migrations.js';

const LEDGER = '20261123105309_ledger_analytics_fx';

describe('ledger migration', () => {
  it('gives every existing challenge its history from its own dates, and existing payouts the paid status', async () => {
    const pg = new PGlite();
    try {
      const index = migrations.findIndex((m) => m.name === LEDGER);
      expect(index).toBeGreaterThan(0);
      for (const migration of migrations.slice(0, index)) await pg.exec(migration.sql);
      await pg.exec(`
        INSERT INTO "User" (id, name) VALUES ('u1', 'old');
        INSERT INTO "Challenge" (id, "userId", firm, plan, price, currency, phase, status, "purchasedAt", "passedAt", "failedAt", "updatedAt") VALUES
          ('c1', 'u1', 'F', 'P', 100, 'USD', 'Phase 1', 'in_progress', '2026-01-01', NULL, NULL, now()),
          ('c2', 'u1', 'F', 'P', 100, 'USD', 'Funded', 'passed', '2026-01-02', '2026-02-01', NULL, now()),
          ('c3', 'u1', 'F', 'P', 100, 'USD', 'Funded', 'failed', '2026-01-03', '2026-02-02', '2026-03-03', now());
        INSERT INTO "Payout" (id, "userId", "challengeId", amount, currency, date) VALUES ('p1', 'u1', 'c2', 50, 'USD', '2026-02-10');
      `);
      await pg.exec(migrations[index]!.sql);
      const events = await pg.query<{ challengeId: string; date: string; phase: string; status: string }>(
        `SELECT "challengeId", to_char(date, 'YYYY-MM-DD') AS date, phase, status::text AS status FROM "ChallengeEvent" ORDER BY "challengeId", date, "createdAt"`,
      );
      expect(events.rows.map((e) => `${e.challengeId} ${e.date} ${e.phase} ${e.status}`)).toEqual([
        'c1 2026-01-01 Phase 1 in_progress',
        'c2 2026-01-02 Funded in_progress',
        'c2 2026-02-01 Funded passed',
        'c3 2026-01-03 Funded in_progress',
        'c3 2026-02-02 Funded passed',
        'c3 2026-03-03 Funded failed',
      ]);
      const payouts = await pg.query<{ status: string }>(`SELECT status::text AS status FROM "Payout"`);
      expect(payouts.rows).toEqual([{ status: 'paid' }]);
    } finally {
      await pg.close();
    }
  });
});
