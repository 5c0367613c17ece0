import { randomUUID } from 'node:crypto';
import { AppError, type Caller } from '@propfolio/core';
import type { ChallengeModel as Challenge, Database } from '@propfolio/db';
import { toAccountView } from '../accounts/account-view.js';
import {
  DEFAULT_CURRENCY,
  DEFAULT_PHASE,
  type CreateChallengeInput,
  type GetChallengeInput,
  type AddMemoInput,
  type ListChallengesInput,
  type UpdateChallengeInput,
} from './challenges.inputs.js';
import { toPayoutView } from '../payouts/payout-view.js';
import { assertNotFuture, todayIso } from '../shared/dates.js';
import { toDecimal } from '../shared/money.js';
import { Keyset } from '../shared/pagination.js';
import type { ChallengeDetail, ChallengePage, ChallengeUpdate, CreatedChallenge, MemoView } from './challenges.outputs.js';
import { givenPlanLink, planLinkOf, type PlanFinder } from './plan-link.js';
import { applyChallengeChange } from './challenge-change.js';
import { findOwnedChallenge } from './owned-challenge.js';
import { toChallengeView, toMemoView } from './challenge-view.js';
import { challengeLedgerView, purchaseLedgerData } from '../ledger/purchase-ledger.js';
import { readChallengeDetail } from './challenge-detail-read.js';
import { readChallengePage } from './challenge-list-read.js';
import { ChallengesRepository } from './challenges.repository.js';
import { allocationAtFirm } from './allocation-cap.js';
import { crossAccountSourceOf } from '../shared/firm-cross-account.js';

/** The challenge aggregate: create, change, list and read the caller's challenges, and their memos. */
export class ChallengeService {
  /** `plans` finds the catalog plan a purchase names; without it only a `planId` sent links one. */
  private readonly rows: ChallengesRepository;

  constructor(
    private readonly db: Database,
    private readonly plans: PlanFinder | null = null,
  ) {
    this.rows = new ChallengesRepository(db);
  }

  /**
   * One statement writes the challenge and its first history entry and answers the row: one round trip,
   * atomic without a transaction of its own (inside a unit it joins the unit). On PostgreSQL a statement
   * whose connection died is run again (libs/db); the ids are made here, so a rerun cannot write a second
   * challenge. Timestamps are made here too, as Prisma's `now()` and `@updatedAt` would.
   */
  async create(caller: Caller, input: CreateChallengeInput, now = new Date()): Promise<CreatedChallenge> {
    const purchasedAt = input.purchasedAt ?? todayIso(now);
    assertNotFuture('purchasedAt', purchasedAt, now);
    const currency = input.currency ?? DEFAULT_CURRENCY;
    // A plan sent by id wins; else the one plan the firm and plan names point to is linked, so the coach can work.
    const planLink =
      input.planId !== undefined
        ? givenPlanLink(input.planId)
        : planLinkOf(this.plans ? await this.plans.matchPlan(input.firm, input.plan) : null, input.firm, input.plan);
    const ledger = await purchaseLedgerData(this.db.prisma, caller, input, currency, planLink.planId ?? undefined);
    const phase = input.phase ?? DEFAULT_PHASE;
    const writtenAt = new Date();
    const [row] = await this.db.prisma.$queryRaw<Challenge[]>`
      WITH challenge AS (
        INSERT INTO "Challenge" ("id", "userId", "firm", "plan", "price", "currency", "billing", "phase", "platform", "paymentMethod",
          "purchasedAt", "listPrice", "couponCode", "planId", "resetOfId", "fxRate", "fxCurrency", "createdAt", "updatedAt")
        VALUES (${randomUUID()}, ${caller.userId}, ${input.firm}, ${input.plan}, ${toDecimal(input.price)}::numeric, ${currency},
          ${input.billing ?? 'one_time'}::"Billing", ${phase}, ${input.platform ?? null}::"TradingPlatform", ${input.paymentMethod ?? null}, ${purchasedAt}::date,
          ${ledger.listPrice}::numeric, ${ledger.couponCode}, ${ledger.planId}, ${ledger.resetOfId}, ${ledger.fxRate ?? null}::numeric,
          ${ledger.fxCurrency ?? null}, ${writtenAt}::timestamptz, ${writtenAt}::timestamptz)
        RETURNING *
      ), history AS (
        INSERT INTO "ChallengeEvent" ("id", "userId", "challengeId", "date", "phase", "status", "createdAt")
        SELECT ${randomUUID()}, "userId", "id", "purchasedAt", "phase", "status", "createdAt" FROM challenge
      )
      SELECT * FROM challenge`;
    if (!row) throw new Error('ChallengeService.create: the insert returned no row');
    return { ...toChallengeView(row, now), planLink, allocationWarning: await this.allocationWarning(caller, row) };
  }

  /**
   * The firm's cap on one trader's combined allocation when the caller's challenges in progress there (this one
   * included) now add up to more: a warning in the answer, never a refusal. Null under the cap or without one.
   */
  private async allocationWarning(caller: Caller, row: Challenge): Promise<CreatedChallenge['allocationWarning']> {
    const source = crossAccountSourceOf(this.plans);
    if (source?.firmCrossAccount(row.firm, row.planId)?.rules.allocationCap === undefined) return null;
    const allocation = allocationAtFirm(source, { firm: row.firm, planId: row.planId }, await this.rows.inProgress(caller.userId));
    return allocation?.over ? allocation : null;
  }

  /** One statement (see readChallengePage): the owner and status filters and the cursor are its `where`. */
  async list(caller: Caller, input: ListChallengesInput, now = new Date()): Promise<ChallengePage> {
    const keyset = new Keyset<Challenge>(input, (row) => row.createdAt);
    const rows = await readChallengePage(this.db, caller, keyset, input.status ?? 'all');
    return keyset.page(rows, (row) => toChallengeView(row, now));
  }

  /**
   * One statement (see readChallengeDetail): the ownership check is its `where`, and the memos, payouts,
   * accounts and ledger come with the challenge; the views are those of every other answer.
   */
  async get(caller: Caller, input: GetChallengeInput, now = new Date()): Promise<ChallengeDetail> {
    const rows = await readChallengeDetail(this.db, caller, input.id);
    if (!rows) throw AppError.notFound('Challenge');
    const { challenge: row, memos, payouts, accounts, ...ledger } = rows;
    const { id, firm, plan, phase } = row;
    return {
      challenge: toChallengeView(row, now),
      memos: memos.map(toMemoView),
      payouts: payouts.map((payout) => toPayoutView({ ...payout, challenge: { firm, plan } })),
      accounts: accounts.map((account) => toAccountView({ ...account, challenge: { id, firm, plan, phase } })),
      ...challengeLedgerView(ledger),
    };
  }

  /** Applies a change (state machine, archiving of linked EA accounts, history) in one transaction: see applyChallengeChange. */
  async update(caller: Caller, input: UpdateChallengeInput, now = new Date()): Promise<ChallengeUpdate> {
    return applyChallengeChange(this.db, caller, input, now);
  }

  /** A memo records history, so a failed challenge still takes memos. */
  async addMemo(caller: Caller, input: AddMemoInput): Promise<MemoView> {
    const challenge = await findOwnedChallenge(this.db.prisma, caller, input.challengeId);
    const memo = await this.db.prisma.memo.create({
      data: { userId: caller.userId, challengeId: challenge.id, content: input.content },
    });
    return toMemoView(memo);
  }
}
