/**
 * The summary's data access: one statement (SUMMARY_SQL) that answers everything the summary sums, as one JSON row
 * with named fields. The sums' arithmetic, the billing months and the answer stay in summary.service.ts. The bench's
 * anchor server runs the same constant.
 */
import type { Database } from '@propfolio/db';
import { queryJson } from '../shared/shared.repository.js';

/** What the summary needs from the database, read in one round trip (sums and dates as exact text). */
export interface SummaryRows {
  counts: { status: string; n: number }[];
  oneTime: { currency: string; total: string }[];
  monthly: { price: string; currency: string; purchasedAt: string; monthlyEndedAt: string | null }[];
  /** Costs per currency: `refund` true for refunds (money back), false for every fee (money spent). */
  costs: { currency: string; refund: boolean; total: string }[];
  payouts: { currency: string; total: string }[];
  active: { id: string; firm: string; plan: string; phase: string; purchasedAt: string }[];
}

/**
 * The user's ($1) SummaryRows up to the day $2, as one JSON row (`data`). One statement instead of six queries: the
 * pool hands out one connection per summary (five before, so 64 concurrent summaries queued behind a pool of 10),
 * and the embedded database runs one query, not six. Amounts leave PostgreSQL as text, so the Decimal arithmetic
 * stays exact; dates as `YYYY-MM-DD`. Money is counted up to the day, as get_analytics counts it over all history
 * (loadMoneyEntries).
 */
export const SUMMARY_SQL = `
    WITH c AS (
      SELECT id, firm, plan, phase, status::text AS status, billing::text AS billing, currency, price, "purchasedAt", "monthlyEndedAt"
      FROM "Challenge" WHERE "userId" = $1
    )
    SELECT json_build_object(
      'counts', (SELECT coalesce(json_agg(json_build_object('status', status, 'n', n)), '[]'::json)
         FROM (SELECT status, count(*)::int AS n FROM c GROUP BY status) s),
      'oneTime', (SELECT coalesce(json_agg(json_build_object('currency', currency, 'total', total::text)), '[]'::json)
         FROM (SELECT currency, sum(price) AS total FROM c WHERE billing = 'one_time' AND "purchasedAt" <= $2::date GROUP BY currency) o),
      'monthly', (SELECT coalesce(json_agg(json_build_object('price', price::text, 'currency', currency,
                 'purchasedAt', to_char("purchasedAt", 'YYYY-MM-DD'), 'monthlyEndedAt', to_char("monthlyEndedAt", 'YYYY-MM-DD'))), '[]'::json)
         FROM c WHERE billing = 'monthly'),
      'costs', (SELECT coalesce(json_agg(json_build_object('currency', currency, 'refund', refund, 'total', total::text)), '[]'::json)
         FROM (SELECT currency, kind::text = 'refund' AS refund, sum(amount) AS total FROM "ChallengeCost"
               WHERE "userId" = $1 AND date <= $2::date GROUP BY 1, 2) k),
      'payouts', (SELECT coalesce(json_agg(json_build_object('currency', currency, 'total', total::text)), '[]'::json)
         FROM (SELECT currency, sum(amount) AS total FROM "Payout"
               WHERE "userId" = $1 AND status = 'paid' AND date <= $2::date GROUP BY currency) p),
      'active', (SELECT coalesce(json_agg(json_build_object('id', id, 'firm', firm, 'plan', plan, 'phase', phase,
                 'purchasedAt', to_char("purchasedAt", 'YYYY-MM-DD')) ORDER BY "purchasedAt", id), '[]'::json)
         FROM c WHERE status = 'in_progress')) AS "data"`;

export class SummaryRepository {
  constructor(private readonly db: Database) {}

  /**
   * What the user's summary sums, up to `today` (YYYY-MM-DD). On the driver, as one JSON row, so no Prisma client is
   * in the path of a read that runs on every dashboard view.
   */
  async summaryRows(userId: string, today: string): Promise<SummaryRows> {
    const rows = await queryJson<SummaryRows>(this.db, SUMMARY_SQL, [userId, today]);
    // An aggregate without FROM always answers its one row.
    if (!rows) throw new Error('summaryRows: the statement answered no row');
    return rows;
  }
}
