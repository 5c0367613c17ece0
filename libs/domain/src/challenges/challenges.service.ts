import { randomUUID } from 'node:crypto';
import { AppError, type Caller } from '@propfolio/core';
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
import { requireId } from '../shared/ids.js';
import { toDecimal } from '../shared/money.js';
import { Keyset } from '../shared/pagination.js';
import type { ChallengeDetail, ChallengePage, ChallengeUpdate, CreatedChallenge, MemoView } from './challenges.outputs.js';
import { assertCatalogPlan, givenPlanLink, planLinkOf, type PlanFinder } from './plan-link.js';
import { applyChallengeChange } from './challenge-change.js';
import { ownedChallengeOf } from './owned-challenge.js';
import { challengeLedgerView, toChallengeView, toMemoView } from './challenge-view.js';
import { purchaseLedgerData } from '../ledger/purchase-ledger.js';
import type { ChallengeRow as Challenge, ChallengesRepository } from './challenges.repository.js';
import { allocationAtFirm } from './allocation-cap.js';
import { crossAccountSourceOf } from '../shared/firm-cross-account.js';

/** The challenge aggregate: create, change, list and read the caller's challenges, and their memos. */
export class ChallengeService {
  /** `plans` finds the catalog plan a purchase names; without it only a `planId` sent links one. */
  constructor(
    private readonly rows: ChallengesRepository,
    private readonly plans: PlanFinder | null = null,
  ) {}

  /**
   * One statement writes the challenge and its first history entry and answers the row (see
   * ChallengesRepository.insertChallenge). On PostgreSQL a statement whose connection died is run again
   * (libs/db); the ids are made here, so a rerun cannot write a second challenge. Timestamps are made here too,
   * as Prisma's `now()` and `@updatedAt` would.
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
    // The plan linked must be in the catalog and a reset target the caller's, before the ledger's own checks.
    const planId = planLink.planId;
    if (planId !== null) await assertCatalogPlan(this.rows, planId);
    const resetOf = input.resetOf === undefined ? null : await ownedChallengeOf(this.rows, caller, input.resetOf).catch(() => null);
    if (input.resetOf !== undefined && !resetOf) throw AppError.invalidField('resetOf', 'is not one of your challenges');
    const ledger = purchaseLedgerData(input, currency, planId, resetOf?.id ?? null);
    const writtenAt = new Date();
    const row = await this.rows.insertChallenge({
      id: randomUUID(),
      userId: caller.userId,
      firm: input.firm,
      plan: input.plan,
      price: toDecimal(input.price),
      currency,
      billing: input.billing ?? 'one_time',
      phase: input.phase ?? DEFAULT_PHASE,
      platform: input.platform ?? null,
      paymentMethod: input.paymentMethod ?? null,
      purchasedAt,
      listPrice: ledger.listPrice,
      couponCode: ledger.couponCode,
      planId: ledger.planId,
      resetOfId: ledger.resetOfId,
      fxRate: ledger.fxRate ?? null,
      fxCurrency: ledger.fxCurrency ?? null,
      writtenAt,
      historyId: randomUUID(),
    });
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

  /** One statement (see ChallengesRepository.challengePage): the owner and status filters and the cursor are its `where`. */
  async list(caller: Caller, input: ListChallengesInput, now = new Date()): Promise<ChallengePage> {
    const keyset = new Keyset<Challenge>(input, (row) => row.createdAt);
    const rows = await this.rows.challengePage(caller.userId, keyset, input.status ?? 'all');
    return keyset.page(rows, (row) => toChallengeView(row, now));
  }

  /**
   * One statement (see ChallengesRepository.challengeDetail): the ownership check is its `where`, and the memos, payouts,
   * accounts and ledger come with the challenge; the views are those of every other answer.
   */
  async get(caller: Caller, input: GetChallengeInput, now = new Date()): Promise<ChallengeDetail> {
    const rows = await this.rows.challengeDetail(caller.userId, requireId(input.id, 'Challenge'));
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
    return applyChallengeChange(this.rows, caller, input, now);
  }

  /** A memo records history, so a failed challenge still takes memos. */
  async addMemo(caller: Caller, input: AddMemoInput): Promise<MemoView> {
    const challenge = await ownedChallengeOf(this.rows, caller, input.challengeId);
    return toMemoView(await this.rows.insertMemo(caller.userId, challenge.id, input.content));
  }
}
