/**
 * Payouts' data access: one method per intent, every row with named fields. Which payouts a challenge takes, what
 * an update may change and the totals' arithmetic stay in payouts.service.ts.
 */
import type { Caller } from '@propfolio/core';
import { Prisma, type Database, type PayoutModel } from '@propfolio/db';
import { jsonArray, jsonObject, revive } from '../shared/json-rows.js';
import { keysetPage, SqlParams } from '../shared/keyset-sql.js';
import { PAYOUT, queryJson } from '../shared/shared.repository.js';
import type { Keyset } from '../shared/pagination.js';

/** A payout's own columns, amounts exact. */
export type StoredPayout = PayoutModel;

/** A payout with its challenge's firm and plan, as its view reads it. */
export type PayoutRow = PayoutModel & { challenge: { firm: string; plan: string } };

/** The columns of a new payout besides its owner and challenge; amounts exact. */
export type NewPayout = Omit<Prisma.PayoutUncheckedCreateInput, 'id' | 'userId' | 'challengeId' | 'createdAt' | 'updatedAt'>;

/** What an update writes: any of the payout's own columns. */
export type PayoutChanges = Omit<Prisma.PayoutUncheckedUpdateInput, 'id' | 'userId' | 'challengeId' | 'createdAt' | 'updatedAt'>;

/** A payout being updated, with its challenge's purchase instant. */
export type PayoutToChange = PayoutModel & { challenge: { firm: string; plan: string; purchasedAt: Date } };

export interface PayoutListRows {
  /** Newest first, one row more than the page, each with its challenge's firm and plan. */
  rows: PayoutRow[];
  /** Exact sums of the paid payouts per currency (over the whole list, not the page). */
  paid: { currency: string; total: Prisma.Decimal }[];
}

const WITH_CHALLENGE = { challenge: { select: { firm: true, plan: true } } } as const;
const CHALLENGE_JSON = `json_build_object('firm', ch."firm", 'plan', ch."plan")`;
const PAID_TOTAL_JSON = `json_build_object('currency', s."currency", 'total', s."total"::text)`;

export class PayoutsRepository {
  constructor(private readonly db: Database) {}

  /** Records a payout on the caller's challenge (one the service has checked takes it). */
  async insertPayout(caller: Caller, challengeId: string, payout: NewPayout): Promise<PayoutRow> {
    return this.db.prisma.payout.create({
      data: { ...payout, userId: caller.userId, challengeId },
      include: WITH_CHALLENGE,
    });
  }

  /**
   * A page of the caller's payouts and the paid totals of the same list, in one statement on the driver
   * (Prisma sent three: the page, the sums, then the page's challenges by an IN list of every row's id,
   * duplicates included). The owner is the first condition of both parts; the challenge is joined after
   * the LIMIT, so only the page's rows look theirs up.
   */
  async payoutPage(caller: Caller, keyset: Keyset<PayoutRow>, from: string | undefined): Promise<PayoutListRows> {
    const params = new SqlParams();
    let where = `p."userId" = ${params.add(caller.userId)}`;
    if (from !== undefined) where += ` AND p."date" >= ${params.add(from, 'date')}`;
    const page = keysetPage(keyset, { table: 'Payout', alias: 'p', where, sort: { column: 'date', kind: 'date' } }, params);
    const data = await queryJson<{ rows: Record<string, unknown>[]; paid: { currency: string; total: string }[] }>(
      this.db,
      `SELECT json_build_object(
      'rows', ${jsonArray(jsonObject('p', PAYOUT, { challenge: CHALLENGE_JSON }), `FROM ${page.from} JOIN "Challenge" ch ON ch."id" = p."challengeId"`, page.order)},
      'paid', ${jsonArray(
        PAID_TOTAL_JSON,
        `FROM (SELECT p."currency", sum(p."amount") AS "total" FROM "Payout" p WHERE ${where} AND p."status" = 'paid' GROUP BY p."currency") s`,
        's."currency"',
      )}) AS "data"`,
      params.values,
    );
    return {
      // Each row also carries the `challenge` object the statement joined in.
      rows: (data?.rows ?? []).map((row) => revive<PayoutModel>(row, PAYOUT) as PayoutRow),
      paid: (data?.paid ?? []).map(({ currency, total }) => ({ currency, total: new Prisma.Decimal(total) })),
    };
  }

  /**
   * Changes the caller's payout in one transaction: `change` gets the payout as it is (null when it is not the
   * caller's) and returns what to write, or throws to write nothing. Returns the payout before and after.
   */
  async changePayout(
    caller: Caller,
    id: string,
    change: (current: PayoutToChange | null) => PayoutChanges,
  ): Promise<{ before: PayoutToChange; after: PayoutRow }> {
    return this.db.prisma.$transaction(async (tx) => {
      const current = await tx.payout.findFirst({
        where: { id, userId: caller.userId },
        include: { challenge: { select: { firm: true, plan: true, purchasedAt: true } } },
      });
      const data = change(current);
      if (!current) throw new Error('changePayout: change() must refuse a payout that is not the caller’s');
      const after = await tx.payout.update({ where: { id: current.id }, data, include: WITH_CHALLENGE });
      return { before: current, after };
    });
  }
}
