import type { Caller } from '@propfolio/core';
import type { ChallengeModel as Challenge, Database } from '@propfolio/db';
import { jsonArray, jsonObject, queryJson, revive } from '../shared/json-rows.js';
import { keysetPage, SqlParams } from '../shared/keyset-sql.js';
import { CHALLENGE } from '../shared/model-columns.js';
import type { Keyset } from '../shared/pagination.js';
import type { StatusFilter } from './challenges.inputs.js';

/**
 * One page of the caller's challenges (newest first, one row more than the page), in one statement on the
 * driver, built as JSON by the database and revived into the rows Prisma's model query returned. The
 * owner is the statement's first condition. Outside any `unit(…)`, like every driver query (a list is a read).
 */
export async function readChallengePage(
  db: Database,
  caller: Caller,
  keyset: Keyset<Challenge>,
  status: StatusFilter,
): Promise<Challenge[]> {
  const params = new SqlParams();
  let where = `c."userId" = ${params.add(caller.userId)}`;
  if (status !== 'all') where += ` AND c."status" = ${params.add(status, '"ChallengeStatus"')}`;
  const { from, order } = keysetPage(
    keyset,
    { table: 'Challenge', alias: 'c', where, sort: { column: 'createdAt', kind: 'instant' } },
    params,
  );
  const rows = await queryJson<Record<string, unknown>[]>(
    db,
    `SELECT ${jsonArray(jsonObject('c', CHALLENGE), `FROM ${from}`, order)} AS "data"`,
    params.values,
  );
  return (rows ?? []).map((row) => revive<Challenge>(row, CHALLENGE));
}
