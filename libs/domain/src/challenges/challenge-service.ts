import { AppError, type Caller } from '@propfolio/core';
import type { ChallengeModel as Challenge, Database, Prisma } from '@propfolio/db';
import { toAccountView } from '../accounts/account-view.js';
import {
  DEFAULT_CURRENCY,
  DEFAULT_PHASE,
  type CreateChallengeInput,
  type GetChallengeInput,
  type ListChallengesInput,
} from '../contracts/challenges.js';
import { toPayoutView } from '../payouts/payout-view.js';
import { assertNotFuture, isoToDate, todayIso } from '../shared/dates.js';
import { toDecimal } from '../shared/money.js';
import { Keyset } from '../shared/pagination.js';
import type { ChallengeDetail, ChallengePage, ChallengeView } from './challenge-schemas.js';
import { toChallengeView, toMemoView } from './challenge-view.js';
import { firstHistoryEntry } from '../ledger/challenge-history.js';
import { challengeLedgerDetail, purchaseLedgerData } from '../ledger/purchase-ledger.js';
import { requireId } from '../shared/ids.js';

/** Create, list and read the caller's challenges (changes live in ChallengeUpdater). */
export class ChallengeService {
  constructor(private readonly db: Database) {}

  async create(caller: Caller, input: CreateChallengeInput, now = new Date()): Promise<ChallengeView> {
    const purchasedAt = input.purchasedAt ?? todayIso(now);
    assertNotFuture('purchasedAt', purchasedAt, now);
    const currency = input.currency ?? DEFAULT_CURRENCY;
    // One explicit transaction rather than Prisma's implicit one for the nested history row: on PostgreSQL
    // an explicit transaction whose connection dies is run again (libs/db), an implicit one would fail.
    const row = await this.db.prisma.$transaction(async (tx) => {
      const ledger = await purchaseLedgerData(tx, caller, input, currency);
      return tx.challenge.create({
        data: {
          userId: caller.userId,
          firm: input.firm,
          plan: input.plan,
          price: toDecimal(input.price),
          currency,
          billing: input.billing ?? 'one_time',
          phase: input.phase ?? DEFAULT_PHASE,
          paymentMethod: input.paymentMethod ?? null,
          purchasedAt: isoToDate(purchasedAt),
          ...ledger,
          history: firstHistoryEntry(caller.userId, input.phase ?? DEFAULT_PHASE, isoToDate(purchasedAt)),
        },
      });
    });
    return toChallengeView(row, now);
  }

  async list(caller: Caller, input: ListChallengesInput, now = new Date()): Promise<ChallengePage> {
    const keyset = new Keyset<Challenge>(input, (row) => row.createdAt);
    const status = input.status ?? 'all';
    const rows = await this.db.prisma.challenge.findMany({
      where: {
        userId: caller.userId,
        ...(status === 'all' ? {} : { status }),
        AND: keyset.whereAfter<Prisma.ChallengeWhereInput>('createdAt'),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: keyset.take,
    });
    return keyset.page(rows, (row) => toChallengeView(row, now));
  }

  /** One Prisma call: the ownership check is the `where`, and the relations come with the challenge. */
  async get(caller: Caller, input: GetChallengeInput, now = new Date()): Promise<ChallengeDetail> {
    const challenge = await this.db.prisma.challenge.findFirst({
      where: { id: requireId(input.id, 'Challenge'), userId: caller.userId },
      include: {
        memos: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
        payouts: { orderBy: [{ date: 'desc' }, { id: 'desc' }] },
        eaAccounts: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
      },
    });
    if (!challenge) throw AppError.notFound('Challenge');
    const { memos, payouts, eaAccounts, ...row } = challenge;
    const { id, firm, plan, phase } = row;
    const ledger = await challengeLedgerDetail(this.db.prisma, row);
    return {
      challenge: toChallengeView(row, now),
      memos: memos.map(toMemoView),
      payouts: payouts.map((payout) => toPayoutView({ ...payout, challenge: { firm, plan } })),
      accounts: eaAccounts.map((account) => toAccountView({ ...account, challenge: { id, firm, plan, phase } })),
      ...ledger,
    };
  }
}
