import { firmDayAt, type OpenPositionFact, type Rollover } from '@propfolio/coach';
import { AppError, type Caller } from '@propfolio/core';
import { MAX_OPEN_POSITIONS, type AccountSnapshotInput, type OpenPositionInput } from './accounts.inputs.js';
import { requireId } from '../shared/ids.js';
import { moneyFromText, toDecimal } from '../shared/money.js';
import type { SnapshotResult } from './accounts.outputs.js';
import { archivedAccountError } from './archived-error.js';
import type { AccountWriteNotifier } from '../shared/account-writes.js';
import type { AccountChallengeFacts, AccountsRepository, SnapshotRow } from './accounts.repository.js';

/** How far ahead of the service clock a snapshot may be dated (terminal clocks drift). */
const FUTURE_GRACE_MS = 5 * 60_000;

/** What a snapshot needs of its account beyond the row: the roll-over its days follow, and what that was read from. */
interface AccountClock {
  userId: string;
  challengeId: string | null;
  /** The challenge's updatedAt (ISO) when the roll-over was read: any change of its plan, purchase or rules moves it. */
  challengeUpdatedAt: string | null;
  rollover: Rollover;
  known: boolean;
  readAtMs: number;
}

/**
 * How long a process trusts a cached roll-over without reading the challenge again: the statement checks the link
 * and the challenge's updatedAt on every snapshot, so this bounds only what it cannot see (the catalog's own plans).
 */
const CLOCK_TTL_MS = 60_000;
/** Writes tried before a snapshot gives up on a challenge that changes under it each time (each reads it again). */
const MAX_ATTEMPTS = 3;
/** Accounts whose roll-over a process keeps; past it the oldest go (a tracker reads its account again). */
const MAX_CACHED_CLOCKS = 50_000;

/**
 * The tracker's intraday push. Each snapshot folds into one row per account and firm day: the latest
 * figures (by instant, so a late retry never overwrites newer ones), the day's lowest and highest equity,
 * and the day's first figures. The firm day follows the roll-over of the account's challenge's rules.
 *
 * One statement, like the daily report (see ReportService for the locking): the account row FOR KEY SHARE
 * (archiving takes it FOR UPDATE, so a snapshot lands before an archive or sees it), then an upsert that
 * folds in every snapshot but a retry of the day's latest one (same instant, same figures), which writes
 * nothing and answers `unchanged`. A snapshot older than the latest stored (sent late, or racing a newer one)
 * is still counted and may move an extreme: it answers `updated` with `latest: false`, never `unchanged`.
 *
 * The snapshot is the write that comes many times a minute, so its firm day is named from a roll-over the process
 * keeps per account (read once through the challenge's rules), and the statement itself checks that the account is
 * still linked to that challenge and that the challenge has not changed since: when either moved it writes nothing,
 * and the push reads the rules again and runs once more. Outside a unit it runs on the driver, not through Prisma.
 */
export class SnapshotService {
  private readonly clocks = new Map<string, AccountClock>();

  constructor(
    private readonly accounts: AccountsRepository,
    /**
     * The roll-over of the rules of an account's challenge (UTC midnight, not known, without one): the coach's
     * reading of the challenge's rules, handed in by services.ts.
     */
    private readonly rolloverOf: (challenge: AccountChallengeFacts | null) => Promise<{ rollover: Rollover; known: boolean }>,
    /** Told after a snapshot wrote (the alerts), with its figures. */
    private readonly writes: AccountWriteNotifier,
  ) {}

  async push(caller: Caller, input: AccountSnapshotInput, now = new Date()): Promise<SnapshotResult> {
    const at = new Date(input.at);
    if (at.getTime() > now.getTime() + FUTURE_GRACE_MS) {
      throw AppError.invalidField('at', `must not be more than 5 minutes ahead of the service clock (now ${now.toISOString()})`);
    }
    const accountId = requireId(input.id, 'EA account');
    const openPositions = input.openPositions === undefined ? null : JSON.stringify(openPositionsOf(input.openPositions, at));
    let clock = this.cachedClock(caller, accountId);
    let row: SnapshotRow | undefined;
    let day: ReturnType<typeof firmDayAt>;
    for (let attempt = 1; ; attempt++) {
      clock ??= await this.readClock(caller, accountId);
      day = firmDayAt(at, clock.rollover);
      row = await this.accounts.upsertSnapshot({
        accountId,
        ownerId: caller.userId,
        challengeId: clock.challengeId,
        challengeUpdatedAt: clock.challengeUpdatedAt,
        day: day.day,
        at: at.toISOString(),
        balance: toDecimal(input.balance).toString(),
        equity: toDecimal(input.equity).toString(),
        openPositions,
      });
      if (!row || row.fresh) break;
      // The link or the challenge changed since the roll-over was read: nothing was written; read it again.
      this.clocks.delete(accountId);
      clock = undefined;
      if (attempt === MAX_ATTEMPTS)
        throw AppError.conflict('The account’s challenge kept changing while the snapshot was written: send it again.');
    }
    if (!row) {
      this.clocks.delete(accountId);
      throw AppError.notFound('EA account');
    }
    if (row.archivedAt) throw archivedAccountError(new Date(row.archivedAt), row.archivedReason);
    const balance = moneyFromText(row.balance);
    if (row.created !== null)
      this.writes.accountWritten(accountId, {
        atMs: at.getTime(),
        equity: Math.min(input.equity, moneyFromText(row.equity)),
        balance,
      });
    return {
      accountId,
      at: at.toISOString(),
      day: day.day,
      dayStartsAt: day.startUtc,
      dayEndsAt: day.endUtc,
      rolloverKnown: clock.known,
      outcome: row.created === null ? 'unchanged' : row.created ? 'created' : 'updated',
      latest: row.latest,
      balance,
      equity: moneyFromText(row.equity),
      minEquity: moneyFromText(row.minEquity),
      maxEquity: moneyFromText(row.maxEquity),
    };
  }

  /**
   * What a snapshot must pass before its open positions are validated: their count, and that the account is the
   * caller's (404, like an unknown id). The account's clock read here is the one the push then uses.
   */
  async admit(caller: Caller, raw: Record<string, unknown>): Promise<void> {
    const open = raw['openPositions'];
    if (Array.isArray(open) && open.length > MAX_OPEN_POSITIONS)
      throw AppError.invalidField('openPositions', `must contain no more than ${MAX_OPEN_POSITIONS} elements`);
    if (typeof raw['id'] !== 'string') return; // the contract names it
    const accountId = requireId(raw['id'], 'EA account');
    if (!this.cachedClock(caller, accountId)) await this.readClock(caller, accountId);
  }

  private cachedClock(caller: Caller, accountId: string): AccountClock | undefined {
    const clock = this.clocks.get(accountId);
    if (!clock || clock.userId !== caller.userId || Date.now() - clock.readAtMs > CLOCK_TTL_MS) return undefined;
    return clock;
  }

  private async readClock(caller: Caller, accountId: string): Promise<AccountClock> {
    const challenge = await this.accounts.accountChallenge(caller.userId, accountId);
    if (challenge === undefined) throw AppError.notFound('EA account');
    const { rollover, known } = await this.rolloverOf(challenge);
    const clock: AccountClock = {
      userId: caller.userId,
      challengeId: challenge?.id ?? null,
      challengeUpdatedAt: challenge?.updatedAt.toISOString() ?? null,
      rollover,
      known,
      readAtMs: Date.now(),
    };
    if (this.clocks.size >= MAX_CACHED_CLOCKS) {
      const [oldest] = this.clocks.keys();
      if (oldest !== undefined) this.clocks.delete(oldest);
    }
    this.clocks.set(accountId, clock);
    return clock;
  }
}

/**
 * The open positions as stored: amounts as exact text (the coach reads them as decimals), instants in UTC. A position
 * opened after the snapshot's instant, or listed twice, is a tracker's error, refused naming it rather than judged.
 */
function openPositionsOf(positions: readonly OpenPositionInput[], at: Date): OpenPositionFact[] {
  const seen = new Set<string>();
  return positions.map((p, i) => {
    // One position listed twice would count its risk twice.
    if (seen.has(p.position)) throw AppError.invalidField(`openPositions[${i}].position`, `lists position ${p.position} a second time`);
    seen.add(p.position);
    const openedAt = new Date(p.openedAt);
    if (openedAt.getTime() > at.getTime())
      throw AppError.invalidField(`openPositions[${i}].openedAt`, 'must not be after the snapshot’s `at`');
    // Left out reads as null; a loss without a stop is no bound, so it is not kept.
    const stop = p.stopLoss ?? null;
    const loss = p.lossAtStop ?? null;
    return {
      position: p.position,
      symbol: p.symbol,
      side: p.side,
      volume: toDecimal(p.volume).toString(),
      openedAt: openedAt.toISOString(),
      stopLoss: stop === null ? null : toDecimal(stop).toString(),
      lossAtStop: stop === null || loss === null ? null : toDecimal(loss).toString(),
    };
  });
}
