/**
 * The physical anchors of issue 26: a bare NestJS (Express) app whose routes run, through the driver
 * directly, the same SQL statements the product runs for an answer (found with `tools/bench/sql-log.ts`:
 * PostgreSQL's statement log of the built server), in the same order and with the same parallelism, and
 * answer the rows as JSON. No authentication, validation, mapping or cache: what an answer cannot avoid
 * on this machine. The user is fixed at start (ANCHOR_USER_ID), as the product's cached credential is.
 *
 * Database: DATABASE_URL (a `pg` pool of 10, the product's default), else ANCHOR_PGLITE_DIR (a PGlite data
 * directory of its own, with the product's embedded settings). Run with plain `node`; prints its port.
 * When the product's statements change, run `npx tsx tools/bench/sql-log.ts` and update them here.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Controller, Get, Module, Post, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

const userId = process.env.ANCHOR_USER_ID;
if (!userId) throw new Error('ANCHOR_USER_ID is required');

/** `query(sql, params)` → rows, on a pg pool or a PGlite instance. */
async function openQuery() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.ANCHOR_POOL_SIZE ?? 10) });
    pool.on('error', () => undefined);
    return { query: async (sql, params) => (await pool.query(sql, params)).rows, close: () => pool.end() };
  }
  const dataDir = process.env.ANCHOR_PGLITE_DIR;
  if (!dataDir) throw new Error('set DATABASE_URL or ANCHOR_PGLITE_DIR');
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ dataDir, postgresqlconf: ['shared_buffers = 16MB', 'wal_buffers = 1MB'] });
  return { query: async (sql, params) => (await pglite.query(sql, params)).rows, close: () => pglite.close() };
}
const db = await openQuery();
const q = db.query;

// The product's statements, verbatim from the log (sql-log.ts): Prisma's where it still builds them, the services' own
// SQL for the one-statement reads.
const CHALLENGE_COLUMNS = [
  'id',
  'userId',
  'firm',
  'plan',
  'price',
  'currency',
  'billing"::text',
  'phase',
  'status"::text',
  'paymentMethod',
  'purchasedAt',
  'passedAt',
  'failedAt',
  'monthlyEndedAt',
  'createdAt',
  'updatedAt',
  'listPrice',
  'couponCode',
  'planId',
  'resetOfId',
  'fxRate',
  'fxCurrency',
  'rulesOverride',
]
  .map((c) => (c.endsWith('::text') ? `"public"."Challenge"."${c}` : `"public"."Challenge"."${c}"`))
  .join(', ');
const PAYOUT_COLUMNS =
  '"public"."Payout"."id", "public"."Payout"."userId", "public"."Payout"."challengeId", "public"."Payout"."amount", "public"."Payout"."currency", "public"."Payout"."date", "public"."Payout"."createdAt", "public"."Payout"."status"::text, "public"."Payout"."deniedReason", "public"."Payout"."grossAmount", "public"."Payout"."splitPercent", "public"."Payout"."method", "public"."Payout"."fxRate", "public"."Payout"."fxCurrency"';
const ACCOUNT_COLUMNS =
  '"public"."EaAccount"."id", "public"."EaAccount"."userId", "public"."EaAccount"."challengeId", "public"."EaAccount"."login", "public"."EaAccount"."server", "public"."EaAccount"."name", "public"."EaAccount"."currency", "public"."EaAccount"."initialBalance", "public"."EaAccount"."balance", "public"."EaAccount"."equity", "public"."EaAccount"."lastReportOn", "public"."EaAccount"."archivedAt", "public"."EaAccount"."archivedReason", "public"."EaAccount"."createdAt"';

const SQL = {
  challengeList: `SELECT ${CHALLENGE_COLUMNS} FROM "public"."Challenge" WHERE "public"."Challenge"."userId" = $1 ORDER BY "public"."Challenge"."createdAt" DESC, "public"."Challenge"."id" DESC LIMIT $2 OFFSET $3`,
  challengeDetail: `
    SELECT json_build_object(
      'challenge', json_build_object('id', c."id", 'userId', c."userId", 'firm', c."firm", 'plan', c."plan", 'currency', c."currency", 'billing', c."billing", 'phase', c."phase", 'status', c."status", 'paymentMethod', c."paymentMethod", 'couponCode', c."couponCode", 'planId', c."planId", 'resetOfId', c."resetOfId", 'fxCurrency', c."fxCurrency", 'rulesOverride', c."rulesOverride", 'price', c."price"::text, 'listPrice', c."listPrice"::text, 'fxRate', c."fxRate"::text, 'purchasedAt', to_char(c."purchasedAt", 'YYYY-MM-DD'), 'passedAt', to_char(c."passedAt", 'YYYY-MM-DD'), 'failedAt', to_char(c."failedAt", 'YYYY-MM-DD'), 'monthlyEndedAt', to_char(c."monthlyEndedAt", 'YYYY-MM-DD'), 'createdAt', to_char(c."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char(c."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      'memos', COALESCE((SELECT json_agg(json_build_object('id', m."id", 'userId', m."userId", 'challengeId', m."challengeId", 'content', m."content", 'createdAt', to_char(m."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY m."createdAt" ASC, m."id" ASC) FROM "Memo" m WHERE m."challengeId" = c."id"), '[]'::json),
      'payouts', COALESCE((SELECT json_agg(json_build_object('id', p."id", 'userId', p."userId", 'challengeId', p."challengeId", 'currency', p."currency", 'status', p."status", 'deniedReason', p."deniedReason", 'method', p."method", 'fxCurrency', p."fxCurrency", 'amount', p."amount"::text, 'grossAmount', p."grossAmount"::text, 'splitPercent', p."splitPercent"::text, 'fxRate', p."fxRate"::text, 'date', to_char(p."date", 'YYYY-MM-DD'), 'createdAt', to_char(p."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY p."date" DESC, p."id" DESC) FROM "Payout" p WHERE p."challengeId" = c."id"), '[]'::json),
      'accounts', COALESCE((SELECT json_agg(json_build_object('id', a."id", 'userId', a."userId", 'challengeId', a."challengeId", 'login', a."login", 'server', a."server", 'name', a."name", 'currency', a."currency", 'archivedReason', a."archivedReason", 'initialBalance', a."initialBalance"::text, 'balance', a."balance"::text, 'equity', a."equity"::text, 'lastReportOn', to_char(a."lastReportOn", 'YYYY-MM-DD'), 'archivedAt', to_char(a."archivedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'createdAt', to_char(a."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY a."createdAt" DESC, a."id" DESC) FROM "EaAccount" a WHERE a."challengeId" = c."id"), '[]'::json),
      'costs', COALESCE((SELECT json_agg(json_build_object('id', k."id", 'userId', k."userId", 'challengeId', k."challengeId", 'kind', k."kind", 'currency', k."currency", 'note', k."note", 'fxCurrency', k."fxCurrency", 'amount', k."amount"::text, 'fxRate', k."fxRate"::text, 'date', to_char(k."date", 'YYYY-MM-DD'), 'createdAt', to_char(k."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY k."date" ASC, k."createdAt" ASC) FROM "ChallengeCost" k WHERE k."challengeId" = c."id"), '[]'::json),
      'history', COALESCE((SELECT json_agg(json_build_object('phase', e."phase", 'status', e."status", 'date', to_char(e."date", 'YYYY-MM-DD')) ORDER BY e."date" ASC, e."createdAt" ASC) FROM "ChallengeEvent" e WHERE e."challengeId" = c."id"), '[]'::json),
      'catalogPlan', (SELECT json_build_object('id', pl."id", 'firmSlug', pl."firmSlug", 'program', pl."program", 'phases', pl."phases", 'currency', pl."currency", 'rules', pl."rules", 'price', pl."price"::text, 'checkedOn', to_char(pl."checkedOn", 'YYYY-MM-DD')) FROM "Plan" pl WHERE pl."id" = c."planId"),
      'resets', COALESCE((SELECT json_agg(r."id" ORDER BY r."purchasedAt" ASC) FROM "Challenge" r
        WHERE r."resetOfId" = c."id" AND r."userId" = c."userId"), '[]'::json)
    ) AS "data"
    FROM "Challenge" c WHERE c."id" = $1 AND c."userId" = $2`,
  summary: `
    WITH c AS (
      SELECT id, firm, plan, phase, status::text AS status, billing::text AS billing, currency, price, "purchasedAt", "monthlyEndedAt"
      FROM "Challenge" WHERE "userId" = $1
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_object('status', status, 'n', n)), '[]'::json)
         FROM (SELECT status, count(*)::int AS n FROM c GROUP BY status) s) AS counts,
      (SELECT coalesce(json_agg(json_build_object('currency', currency, 'total', total::text)), '[]'::json)
         FROM (SELECT currency, sum(price) AS total FROM c WHERE billing = 'one_time' AND "purchasedAt" <= $2::date GROUP BY currency) o) AS "oneTime",
      (SELECT coalesce(json_agg(json_build_object('price', price::text, 'currency', currency,
                 'purchasedAt', to_char("purchasedAt", 'YYYY-MM-DD'), 'monthlyEndedAt', to_char("monthlyEndedAt", 'YYYY-MM-DD'))), '[]'::json)
         FROM c WHERE billing = 'monthly') AS monthly,
      (SELECT coalesce(json_agg(json_build_object('currency', currency, 'refund', refund, 'total', total::text)), '[]'::json)
         FROM (SELECT currency, kind::text = 'refund' AS refund, sum(amount) AS total FROM "ChallengeCost"
               WHERE "userId" = $3 AND date <= $4::date GROUP BY 1, 2) k) AS costs,
      (SELECT coalesce(json_agg(json_build_object('currency', currency, 'total', total::text)), '[]'::json)
         FROM (SELECT currency, sum(amount) AS total FROM "Payout"
               WHERE "userId" = $5 AND status = 'paid' AND date <= $6::date GROUP BY currency) p) AS payouts,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'firm', firm, 'plan', plan, 'phase', phase,
                 'purchasedAt', to_char("purchasedAt", 'YYYY-MM-DD')) ORDER BY "purchasedAt", id), '[]'::json)
         FROM c WHERE status = 'in_progress') AS active`,
  payoutList: `SELECT ${PAYOUT_COLUMNS} FROM "public"."Payout" WHERE "public"."Payout"."userId" = $1 ORDER BY "public"."Payout"."date" DESC, "public"."Payout"."id" DESC LIMIT $2 OFFSET $3`,
  payoutPaid: `SELECT SUM("public"."Payout"."amount") AS "_sum$amount", "public"."Payout"."currency" FROM "public"."Payout" WHERE ("public"."Payout"."userId" = $1 AND "public"."Payout"."status" = CAST($2::text AS "public"."PayoutStatus")) GROUP BY "public"."Payout"."currency" OFFSET $3`,
  accountList: `SELECT ${ACCOUNT_COLUMNS} FROM "public"."EaAccount" WHERE ("public"."EaAccount"."userId" = $1 AND "public"."EaAccount"."archivedAt" IS NULL) ORDER BY "public"."EaAccount"."createdAt" DESC, "public"."EaAccount"."id" DESC LIMIT $2 OFFSET $3`,
  dailyPnl: `
      SELECT a.id, a.currency,
        coalesce(r.days, '[]'::json) AS days, coalesce(r.total, 0)::text AS "closedPnlTotal"
      FROM "EaAccount" a
      LEFT JOIN LATERAL (
        SELECT json_agg(json_build_object('date', to_char(d.date, 'YYYY-MM-DD'), 'balance', d.balance::text,
                 'equity', d.equity::text, 'closedPnl', d."closedPnl"::text)) AS days, sum(d."closedPnl") AS total
        FROM "DailyPnl" d
        WHERE d."accountId" = a.id AND d.date >= $1::date AND d.date <= $2::date
      ) r ON true
      WHERE a.id = $3 AND a."userId" = $4`,
  createChallenge: `
      WITH challenge AS (
        INSERT INTO "Challenge" ("id", "userId", "firm", "plan", "price", "currency", "billing", "phase", "paymentMethod",
          "purchasedAt", "listPrice", "couponCode", "planId", "resetOfId", "fxRate", "fxCurrency", "createdAt", "updatedAt")
        VALUES ($1, $2, $3, $4, $5::numeric, $6,
          $7::"Billing", $8, $9, $10::date,
          $11::numeric, $12, $13, $14, $15::numeric,
          $16, $17::timestamptz, $18::timestamptz)
        RETURNING *
      ), history AS (
        INSERT INTO "ChallengeEvent" ("id", "userId", "challengeId", "date", "phase", "status", "createdAt")
        SELECT $19, "userId", "id", "purchasedAt", "phase", "status", "createdAt" FROM challenge
      )
      SELECT * FROM challenge`,
};

/** Prisma's `IN` lookup of the relation's ids, one placeholder per row (duplicates included, as it sends them). */
const inList = (n) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(',');
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

class AnchorController {
  /** The bench's drain between runs polls /readyz until the queue ahead of it is done, as on the product. */
  async readyz() {
    await q('SELECT 1');
    return { status: 'ok' };
  }

  async challenges(req) {
    const limit = Number(req.query.limit ?? 50);
    return q(SQL.challengeList, [userId, limit + 1, 0]);
  }

  async challenge(req) {
    const [row] = await q(SQL.challengeDetail, [req.params.id, userId]);
    return row ?? null;
  }

  async summary() {
    const today = isoDay(Date.now());
    const [row] = await q(SQL.summary, [userId, today, userId, today, userId, today]);
    return row;
  }

  async payouts() {
    const [items, paid] = await Promise.all([q(SQL.payoutList, [userId, 51, 0]), q(SQL.payoutPaid, [userId, 'paid', 0])]);
    const ids = items.map((p) => p.challengeId);
    const challenges = ids.length
      ? await q(
          `SELECT "public"."Challenge"."id", "public"."Challenge"."firm", "public"."Challenge"."plan" FROM "public"."Challenge" WHERE "public"."Challenge"."id" IN (${inList(ids.length)}) OFFSET $${ids.length + 1}`,
          [...ids, 0],
        )
      : [];
    return { items, paid, challenges };
  }

  async accounts() {
    const items = await q(SQL.accountList, [userId, 51, 0]);
    const ids = items.map((a) => a.challengeId).filter((id) => id !== null);
    const challenges = ids.length
      ? await q(
          `SELECT "public"."Challenge"."id", "public"."Challenge"."firm", "public"."Challenge"."plan", "public"."Challenge"."phase" FROM "public"."Challenge" WHERE "public"."Challenge"."id" IN (${inList(ids.length)}) OFFSET $${ids.length + 1}`,
          [...ids, 0],
        )
      : [];
    return { items, challenges };
  }

  async dailyPnl(req) {
    const days = Number(req.query.days ?? 30);
    const now = Date.now();
    const [row] = await q(SQL.dailyPnl, [isoDay(now - (days - 1) * 86_400_000), isoDay(now), req.params.id, userId]);
    return row;
  }

  async createChallenge(req) {
    const body = req.body ?? {};
    const now = new Date();
    const [row] = await q(SQL.createChallenge, [
      randomUUID(),
      userId,
      body.firm,
      body.plan,
      String(body.price),
      body.currency ?? 'USD',
      'one_time',
      'Phase 1',
      null,
      isoDay(now.getTime()),
      null,
      null,
      null,
      null,
      null,
      null,
      now,
      now,
      randomUUID(),
    ]);
    return row;
  }
}

/** Decorators applied by hand: this file runs with plain `node` (no TypeScript or Babel step). */
function route(method, path, name) {
  const descriptor = Object.getOwnPropertyDescriptor(AnchorController.prototype, name);
  Req()(AnchorController.prototype, name, 0);
  method(path)(AnchorController.prototype, name, descriptor);
}
/** /readyz at the root, as the product serves it. */
class ProbeController {
  readyz() {
    return AnchorController.prototype.readyz();
  }
}
Get('readyz')(ProbeController.prototype, 'readyz', Object.getOwnPropertyDescriptor(ProbeController.prototype, 'readyz'));
Controller()(ProbeController);
route(Get, 'challenges', 'challenges');
route(Get, 'challenges/:id', 'challenge');
route(Get, 'me/summary', 'summary');
route(Get, 'payouts', 'payouts');
route(Get, 'accounts', 'accounts');
route(Get, 'accounts/:id/daily-pnl', 'dailyPnl');
route(Post, 'challenges', 'createChallenge');
Controller('anchor')(AnchorController);
class AppModule {}
Module({ controllers: [AnchorController, ProbeController] })(AppModule);

const app = await NestFactory.create(AppModule, { logger: false });
await app.listen(0, '127.0.0.1');
process.stdout.write(`${JSON.stringify({ port: app.getHttpServer().address().port })}\n`);
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0)),
);
