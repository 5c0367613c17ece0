/**
 * The physical anchors of issue 26: a bare NestJS (Express) app whose routes run, through the driver
 * directly, the same SQL statements the product runs for an answer (found with `tools/bench/sql-log.ts`:
 * PostgreSQL's statement log of the built server), in the same order and with the same parallelism, and
 * answer the rows as JSON. No authentication, validation, mapping or cache: what an answer cannot avoid
 * on this machine. The user is fixed at start (ANCHOR_USER_ID), as the product's cached credential is.
 *
 * Database: DATABASE_URL (a `pg` pool of 10, the product's default), else ANCHOR_PGLITE_DIR (a PGlite data
 * directory of its own, with the product's embedded settings). Run with plain `node`; prints its port.
 * When the product's statements change, run `npx tsx tools/bench/sql-log.ts` and update them here; the summary's is
 * the product's own constant, which the http suite hands over (ANCHOR_SUMMARY_SQL).
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Controller, Get, Module, Post, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}
const userId = requiredEnv('ANCHOR_USER_ID');

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

// The product's statements, verbatim from PostgreSQL's log (sql-log.ts): one per answer, each built as JSON by
// the database (the reads) or writing the challenge and its history (the create).
const SQL = {
  challengeList: `
    SELECT COALESCE((SELECT json_agg(json_build_object('id', c."id", 'userId', c."userId", 'firm', c."firm", 'plan', c."plan", 'currency', c."currency", 'billing', c."billing", 'phase', c."phase", 'status', c."status", 'paymentMethod', c."paymentMethod", 'couponCode', c."couponCode", 'planId', c."planId", 'resetOfId', c."resetOfId", 'fxCurrency', c."fxCurrency", 'rulesOverride', c."rulesOverride", 'price', c."price"::text, 'listPrice', c."listPrice"::text, 'fxRate', c."fxRate"::text, 'purchasedAt', to_char(c."purchasedAt", 'YYYY-MM-DD'), 'passedAt', to_char(c."passedAt", 'YYYY-MM-DD'), 'failedAt', to_char(c."failedAt", 'YYYY-MM-DD'), 'monthlyEndedAt', to_char(c."monthlyEndedAt", 'YYYY-MM-DD'), 'createdAt', to_char(c."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char(c."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY c."createdAt" DESC, c."id" DESC) FROM (SELECT * FROM "Challenge" c WHERE c."userId" = $1 ORDER BY c."createdAt" DESC, c."id" DESC LIMIT $2::int) c), '[]'::json) AS "data"`,
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
  // The product's own constant (SUMMARY_SQL of summary.repository.ts), handed over by the http suite: no copy to drift.
  summary: requiredEnv('ANCHOR_SUMMARY_SQL'),
  payoutList: `
    SELECT json_build_object(
          'rows', COALESCE((SELECT json_agg(json_build_object('id', p."id", 'userId', p."userId", 'challengeId', p."challengeId", 'currency', p."currency", 'status', p."status", 'deniedReason', p."deniedReason", 'method', p."method", 'fxCurrency', p."fxCurrency", 'amount', p."amount"::text, 'grossAmount', p."grossAmount"::text, 'splitPercent', p."splitPercent"::text, 'fxRate', p."fxRate"::text, 'date', to_char(p."date", 'YYYY-MM-DD'), 'createdAt', to_char(p."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'challenge', json_build_object('firm', ch."firm", 'plan', ch."plan")) ORDER BY p."date" DESC, p."id" DESC) FROM (SELECT * FROM "Payout" p WHERE p."userId" = $1 ORDER BY p."date" DESC, p."id" DESC LIMIT $2::int) p JOIN "Challenge" ch ON ch."id" = p."challengeId"), '[]'::json),
          'paid', COALESCE((SELECT json_agg(json_build_object('currency', s."currency", 'total', s."total"::text) ORDER BY s."currency") FROM (SELECT p."currency", sum(p."amount") AS "total" FROM "Payout" p WHERE p."userId" = $1 AND p."status" = 'paid' GROUP BY p."currency") s), '[]'::json)) AS "data"`,
  accountList: `
    SELECT COALESCE((SELECT json_agg(json_build_object('id', a."id", 'userId', a."userId", 'challengeId', a."challengeId", 'login', a."login", 'server', a."server", 'name', a."name", 'currency', a."currency", 'archivedReason', a."archivedReason", 'initialBalance', a."initialBalance"::text, 'balance', a."balance"::text, 'equity', a."equity"::text, 'lastReportOn', to_char(a."lastReportOn", 'YYYY-MM-DD'), 'archivedAt', to_char(a."archivedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'createdAt', to_char(a."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'challenge', CASE WHEN ch."id" IS NULL THEN NULL ELSE json_build_object('id', ch."id", 'firm', ch."firm", 'plan', ch."plan", 'phase', ch."phase") END) ORDER BY a."createdAt" DESC, a."id" DESC) FROM (SELECT * FROM "EaAccount" a WHERE a."userId" = $1 AND a."archivedAt" IS NULL ORDER BY a."createdAt" DESC, a."id" DESC LIMIT $2::int) a LEFT JOIN "Challenge" ch ON ch."id" = a."challengeId"), '[]'::json) AS "data"`,
  dailyPnl: `
    SELECT json_build_object('id', a.id, 'currency', a.currency, 'reportedDays', r.reported,
        'closedPnlTotal', coalesce(r.total, 0), 'days', r.days) AS "data"
      FROM "EaAccount" a
      CROSS JOIN LATERAL (
        SELECT json_agg(json_build_object('date', to_char(g.day, 'YYYY-MM-DD'), 'reported', d."accountId" IS NOT NULL,
                 'balance', d.balance, 'equity', d.equity, 'closedPnl', d."closedPnl") ORDER BY g.day) AS days,
               count(d."accountId")::int AS reported, sum(d."closedPnl") AS total
        FROM (SELECT $1::date + i AS day FROM generate_series(0, $2::date - $1::date) AS i) g
        LEFT JOIN "DailyPnl" d ON d."accountId" = a.id AND d.date = g.day
      ) r
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

const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

class AnchorController {
  /** The bench's drain between runs polls /readyz until the queue ahead of it is done, as on the product. */
  async readyz() {
    await q('SELECT 1');
    return { status: 'ok' };
  }

  async challenges(req) {
    const limit = Number(req.query.limit ?? 50);
    return (await q(SQL.challengeList, [userId, limit + 1]))[0];
  }

  async challenge(req) {
    const [row] = await q(SQL.challengeDetail, [req.params.id, userId]);
    return row ?? null;
  }

  async summary() {
    const [row] = await q(SQL.summary, [userId, isoDay(Date.now())]);
    return row;
  }

  async payouts() {
    return (await q(SQL.payoutList, [userId, 51]))[0];
  }

  async accounts() {
    return (await q(SQL.accountList, [userId, 51]))[0];
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
