import type { Caller } from '@propfolio/core';
import type { Database, PayoutModel as Payout } from '@propfolio/db';
import { jsonArray, jsonObject, queryJson, revive } from '../shared/json-rows.js';
import { keysetPage, SqlParams } from '../shared/keyset-sql.js';
import { PAYOUT } from '../shared/model-columns.js';
import type { Keyset } from '../shared/pagination.js';
import type { PayoutRow } from './payout-view.js';

export interface PayoutListRows {
  /** Newest first, one row more than the page, each with its challenge's firm and plan. */
  rows: PayoutRow[];
  /** Exact sums of the paid payouts per currency (over the whole list, not the page), as decimal text. */
  paid: { currency: string; total: string }[];
}

/**
 * A page of the caller's payouts and the paid totals of the same list, in one statement on the driver
 * (Prisma sent three: the page, the sums, then the page's challenges by an IN list of every row's id,
 * duplicates included). The owner is the first condition of both parts; the challenge is joined after
 * the LIMIT, so only the page's rows look theirs up.
 */
export async function readPayoutList(
  db: Database,
  caller: Caller,
  keyset: Keyset<PayoutRow>,
  from: string | undefined,
): Promise<PayoutListRows> {
  const params = new SqlParams();
  let where = `p."userId" = ${params.add(caller.userId)}`;
  if (from !== undefined) where += ` AND p."date" >= ${params.add(from, 'date')}`;
  const page = keysetPage(keyset, { table: 'Payout', alias: 'p', where, sort: { column: 'date', kind: 'date' } }, params);
  const challenge = `json_build_object('firm', ch."firm", 'plan', ch."plan")`;
  const data = await queryJson<{ rows: Record<string, unknown>[]; paid: PayoutListRows['paid'] }>(
    db,
    `SELECT json_build_object(
      'rows', ${jsonArray(jsonObject('p', PAYOUT, { challenge }), `FROM ${page.from} JOIN "Challenge" ch ON ch."id" = p."challengeId"`, page.order)},
      'paid', ${jsonArray(
        `json_build_object('currency', s."currency", 'total', s."total"::text)`,
        `FROM (SELECT p."currency", sum(p."amount") AS "total" FROM "Payout" p WHERE ${where} AND p."status" = 'paid' GROUP BY p."currency") s`,
        's."currency"',
      )}) AS "data"`,
    params.values,
  );
  return {
    // Each row also carries the `challenge` object the statement joined in.
    rows: (data?.rows ?? []).map((row) => revive<Payout>(row, PAYOUT) as PayoutRow),
    paid: data?.paid ?? [],
  };
}
