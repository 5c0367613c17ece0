import type { Caller } from '@propfolio/core';
import type { Database, EaAccountModel as EaAccount } from '@propfolio/db';
import { columns, jsonArray, jsonObject, queryJson, revive } from '../shared/json-rows.js';
import { keysetPage, SqlParams } from '../shared/keyset-sql.js';
import { ACCOUNT } from '../shared/model-columns.js';
import type { Keyset } from '../shared/pagination.js';
import type { LatestSnapshot, ListedAccountRow } from './account-view.js';
import type { Platform } from '@propfolio/coach';
import type { ArchivedFilter } from './accounts.inputs.js';

const ARCHIVED_SQL: Record<ArchivedFilter, string> = {
  exclude: ' AND a."archivedAt" IS NULL',
  include: '',
  only: ' AND a."archivedAt" IS NOT NULL',
};

const SNAPSHOT = columns<LatestSnapshot>()({
  instant: 'at',
  date: 'day',
  decimal: 'balance equity firstEquity minEquity maxEquity',
});
// The account's latest intraday row (the primary key's order), or null before its first snapshot.
const LATEST_SNAPSHOT = `(SELECT ${jsonObject('i', SNAPSHOT)} FROM "IntradayEquity" i WHERE i."accountId" = a."id" ORDER BY i."day" DESC LIMIT 1)`;

// The linked challenge as `WITH_CHALLENGE` selects it (same keys, same order), or null for an unlinked account.
const CHALLENGE = `CASE WHEN ch."id" IS NULL THEN NULL ELSE json_build_object('id', ch."id", 'firm', ch."firm", 'plan', ch."plan", 'phase', ch."phase") END`;

/**
 * A page of the caller's EA accounts (newest registration first, one row more than the page) with their
 * linked challenges, in one statement on the driver (Prisma sent two: the page, then its challenges by
 * an IN list). The owner is the first condition; the challenge is joined after the LIMIT.
 */
export async function readAccountPage(
  db: Database,
  caller: Caller,
  keyset: Keyset<ListedAccountRow>,
  archived: ArchivedFilter,
  platform?: Platform,
): Promise<ListedAccountRow[]> {
  const params = new SqlParams();
  let where = `a."userId" = ${params.add(caller.userId)}${ARCHIVED_SQL[archived]}`;
  // Compared as text: the parameter needs no cast to the enum, and a value the input let through matches nothing.
  if (platform !== undefined) where += ` AND a."platform"::text = ${params.add(platform)}`;
  const page = keysetPage(keyset, { table: 'EaAccount', alias: 'a', where, sort: { column: 'createdAt', kind: 'instant' } }, params);
  const rows = await queryJson<Record<string, unknown>[]>(
    db,
    `SELECT ${jsonArray(
      jsonObject('a', ACCOUNT, { challenge: CHALLENGE, snapshot: LATEST_SNAPSHOT }),
      `FROM ${page.from} LEFT JOIN "Challenge" ch ON ch."id" = a."challengeId"`,
      page.order,
    )} AS "data"`,
    params.values,
  );
  // Each row also carries the `challenge` object (or null) the statement joined in, and the latest snapshot.
  return (rows ?? []).map((row) => {
    const snapshot = row['snapshot'] as Record<string, unknown> | null;
    return { ...revive<EaAccount>(row, ACCOUNT), snapshot: snapshot && revive<LatestSnapshot>(snapshot, SNAPSHOT) } as ListedAccountRow;
  });
}
