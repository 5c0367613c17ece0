import { EventEmitter } from 'node:events';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffPolicy } from './backoff.js';
import type { CallResult, TrackerClient } from './client.js';
import type { Clock } from './clock.js';
import {
  formatAmount,
  formatInstant,
  MAX_OPEN_POSITIONS,
  MAX_POSITIONS_PER_MESSAGE,
  openPositionsJson,
  positionsBody,
  roundAmount,
  type Account,
  type ClosedPosition,
  type OpenPosition,
  type PositionsAnswer,
  type ReportAnswer,
  type SnapshotAnswer,
  type WriteOutcome,
} from './protocol.js';
import type { FileQueue, PositionsItem, QueueItem, ReportItem, SnapshotItem } from './queue.js';

/** What the trader's platform says right now. */
export interface Figures {
  balance: number;
  equity: number;
  /** Closed P&L of the current firm day, when the source knows it (else the day's balance change is used). */
  closedPnlToday?: number;
  /** Positions closed lately; each is queued once (the tracker remembers the last {@link REMEMBERED_POSITIONS} ids). */
  closedPositions?: ClosedPosition[];
  /** The positions open now with their stops, when the source knows them ([] for none); sent with each snapshot. */
  openPositions?: OpenPosition[];
}

/** How many queued position ids the state remembers, so that a figures file listing recent closes sends each once. */
export const REMEMBERED_POSITIONS = 10_000;

/** The firm day of the latest answered snapshot, and its figures so far (persisted). */
export interface OpenDay {
  day: string;
  dayStartsAt: string;
  dayEndsAt: string;
  balance: number;
  equity: number;
  closedPnl: number | null;
  /** The balance the day opened with: the previous day's last one, else the day's first snapshot's. */
  openingBalance: number;
  reported: boolean;
}

export interface TrackerState {
  /** The last snapshot queued: the next one is queued only when balance or equity differ (or a new day began). */
  lastQueued: { at: string; balance: number; equity: number } | null;
  day: OpenDay | null;
  lastReportedDay: string | null;
  /** The ids of the positions queued lately, oldest first (at most {@link REMEMBERED_POSITIONS}). */
  queuedPositions?: string[];
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface TrackerOptions {
  client: TrackerClient;
  queue: FileQueue;
  /** Where {@link TrackerState} is kept (JSON, rewritten atomically); default `<queue>.state.json`. */
  statePath?: string;
  login: string;
  server: string;
  currency: string;
  /** Initial balance to register with; default the balance of the first figures read. */
  initialBalance?: number;
  name?: string;
  clock: Clock;
  random?: () => number;
  backoff?: BackoffPolicy;
  logger?: Logger;
}

/** What one {@link Tracker.step} did. */
export type StepResult = 'sent' | 'idle' | 'waiting' | 'stopped';

export interface TrackerStats {
  snapshots: Record<WriteOutcome, number>;
  reports: Record<WriteOutcome, number>;
  /** Closed positions sent, by the service's count of each message. */
  positions: { accepted: number; unchanged: number };
  /** Items refused with a 4xx (other than the stopping ones) and dropped. */
  refused: number;
  /** Failed attempts that will be tried again. */
  retries: number;
}

export interface TrackerEvents {
  snapshot: [item: SnapshotItem, answer: SnapshotAnswer];
  report: [item: ReportItem, answer: ReportAnswer];
  positions: [item: PositionsItem, answer: PositionsAnswer];
  account: [account: Account];
  retry: [message: string, delayMs: number];
  refused: [item: QueueItem | null, message: string];
  drained: [];
  stopped: [reason: string];
}

/**
 * The tracker's logic, shared by the CLI and mirrored line by line by the EA (docs/tracker-protocol.md):
 * `observe` turns the platform's figures into queued snapshots (only on change, plus the first one of a
 * new firm day) and daily reports (once a firm day has ended and all of its snapshots are answered);
 * `step` makes at most one request: find or register the account, else send the queue's head. Failures
 * that may pass wait out a backoff; refusals drop the item; an archived account or a refused key stops
 * the tracker with the queue kept.
 */
export class Tracker extends EventEmitter<TrackerEvents> {
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly policy: BackoffPolicy;
  private readonly logger: Logger;
  private readonly statePath: string;
  private state: TrackerState;
  private accountId: string | null = null;
  private registerNext = false;
  private failures = 0;
  private nextAttemptAt = 0;
  private stoppedReason: string | null = null;
  private lastFigures: Figures | null = null;
  /** The last queued snapshot's openPositions as written; not persisted, so a start queues one snapshot (as the EA). */
  private lastOpenPositions: string | undefined;
  private openCapLogged = false;
  readonly stats: TrackerStats = {
    snapshots: { created: 0, updated: 0, unchanged: 0 },
    reports: { created: 0, updated: 0, unchanged: 0 },
    positions: { accepted: 0, unchanged: 0 },
    refused: 0,
    retries: 0,
  };

  constructor(private readonly options: TrackerOptions) {
    super();
    this.clock = options.clock;
    this.random = options.random ?? Math.random;
    this.policy = options.backoff ?? DEFAULT_BACKOFF;
    this.logger = options.logger ?? silentLogger;
    this.statePath = options.statePath ?? `${options.queue.path}.state.json`;
    this.state = this.loadState();
  }

  get queue(): FileQueue {
    return this.options.queue;
  }

  get stopped(): string | null {
    return this.stoppedReason;
  }

  get account(): string | null {
    return this.accountId;
  }

  get currentState(): Readonly<TrackerState> {
    return this.state;
  }

  /** When the next request may be made (epoch ms); 0 when at once. */
  get retryAt(): number {
    return this.nextAttemptAt;
  }

  /** Takes the platform's figures at the clock's now: may queue a report and a snapshot. */
  observe(figures: Figures): void {
    if (!Number.isFinite(figures.balance) || !Number.isFinite(figures.equity))
      throw new RangeError('balance and equity must be finite numbers');
    this.lastFigures = figures;
    if (figures.closedPositions) this.queuePositions(figures.closedPositions);
    const now = this.clock.now();
    const at = formatInstant(now);
    this.reportEndedDay(now);
    const balance = roundAmount(figures.balance);
    const equity = roundAmount(figures.equity);
    const last = this.state.lastQueued;
    if (last?.at === at) return; // one snapshot per second at most: `at` is the snapshot's identity
    const openPositions = figures.openPositions === undefined ? undefined : this.openPositionsAt(figures.openPositions, now);
    const openText = openPositions === undefined ? undefined : openPositionsJson(openPositions);
    // A moved stop changes what the service judges even when the figures stand still.
    const changed = last === null || last.balance !== balance || last.equity !== equity || openText !== this.lastOpenPositions;
    const day = this.state.day;
    const newDay = day !== null && now >= Date.parse(day.dayEndsAt) && (last === null || Date.parse(last.at) < Date.parse(day.dayEndsAt));
    if (!changed && !newDay) return;
    const closedPnl = figures.closedPnlToday === undefined ? {} : { closedPnl: roundAmount(figures.closedPnlToday) };
    this.queue.enqueue({ kind: 'snapshot', at, balance, equity, ...closedPnl, ...(openPositions === undefined ? {} : { openPositions }) });
    this.state.lastQueued = { at, balance, equity };
    this.lastOpenPositions = openText;
    this.saveState();
  }

  /**
   * The open positions as a snapshot at `now` lists them: the first {@link MAX_OPEN_POSITIONS} (said once in the log
   * when there are more), each opened no later than the snapshot, since the service refuses one opened after it and
   * a position seen open at the reading opened before it (the source's clock and this one may differ by seconds).
   */
  private openPositionsAt(positions: readonly OpenPosition[], now: number): OpenPosition[] {
    if (positions.length > MAX_OPEN_POSITIONS && !this.openCapLogged) {
      this.openCapLogged = true;
      this.logger.warn(
        `${positions.length} positions open: snapshots list the first ${MAX_OPEN_POSITIONS} (the most the service takes); risk per trade is not judged for the others`,
      );
    }
    const at = formatInstant(now);
    return positions
      .slice(0, MAX_OPEN_POSITIONS)
      .map((p) =>
        Date.parse(p.openedAt) > Date.parse(at) ? { ...p, openedAt: at } : { ...p, openedAt: formatInstant(Date.parse(p.openedAt)) },
      );
  }

  /**
   * Queues closed positions not queued before, in messages of at most 1,000: they are sent in queue order with the
   * snapshots and reports, retried like them, and never dropped for the cap. Returns how many were new.
   */
  queuePositions(positions: readonly ClosedPosition[]): number {
    const remembered = this.state.queuedPositions ?? [];
    const known = new Set(remembered);
    const fresh = positions.filter((p) => {
      if (known.has(p.position)) return false;
      known.add(p.position);
      return true;
    });
    // Written once now, so that a position the protocol cannot carry (a fractional magic, a NaN price) throws here,
    // at its source, rather than stopping the queue at its head later.
    for (let i = 0; i < fresh.length; i += MAX_POSITIONS_PER_MESSAGE)
      positionsBody({ positions: fresh.slice(i, i + MAX_POSITIONS_PER_MESSAGE) });
    for (let i = 0; i < fresh.length; i += MAX_POSITIONS_PER_MESSAGE) {
      const item = this.queue.enqueue({ kind: 'positions', positions: fresh.slice(i, i + MAX_POSITIONS_PER_MESSAGE) });
      this.logger.info(`${describe(item)}: queued`);
    }
    if (fresh.length > 0) {
      this.state.queuedPositions = [...remembered, ...fresh.map((p) => p.position)].slice(-REMEMBERED_POSITIONS);
      this.saveState();
    }
    return fresh.length;
  }

  /**
   * Makes at most one request. `waiting` until a backoff has passed, `idle` with nothing to send,
   * `stopped` for good (archived account, refused key).
   */
  async step(): Promise<StepResult> {
    if (this.stoppedReason) return 'stopped';
    if (this.clock.now() < this.nextAttemptAt) return 'waiting';
    if (this.accountId === null) {
      // The account is found (or registered) before anything is sent; snapshots keep queueing meanwhile.
      if (this.registerNext && this.lastFigures === null && this.options.initialBalance === undefined) return 'idle';
      await this.findAccount();
      return this.stoppedReason ? 'stopped' : 'sent';
    }
    this.reportEndedDay(this.clock.now());
    const item = this.queue.head();
    if (!item) return 'idle';
    if (item.kind === 'snapshot') {
      const open = item.openPositions === undefined ? {} : { openPositions: item.openPositions };
      const result = await this.options.client.snapshot(this.accountId, {
        at: item.at,
        balance: item.balance,
        equity: item.equity,
        ...open,
      });
      if (this.settle(item, result)) {
        const answer = (result as { body: SnapshotAnswer }).body;
        this.logger.info(`${describe(item)}: ${answer.outcome} (firm day ${answer.day})`);
        this.onSnapshotAnswer(item, answer);
      }
    } else if (item.kind === 'positions') {
      const result = await this.options.client.positions(this.accountId, { positions: item.positions });
      if (this.settle(item, result)) {
        const answer = (result as { body: PositionsAnswer }).body;
        this.stats.positions.accepted += answer.accepted;
        this.stats.positions.unchanged += answer.unchanged;
        this.logger.info(`${describe(item)}: ${answer.accepted} accepted, ${answer.unchanged} unchanged`);
        this.emit('positions', item, answer);
      }
    } else {
      const body = { date: item.date, balance: item.balance, equity: item.equity, closedPnl: item.closedPnl };
      const result = await this.options.client.report(this.accountId, body);
      if (this.settle(item, result)) {
        const answer = (result as { body: ReportAnswer }).body;
        this.stats.reports[answer.outcome]++;
        this.logger.info(`${describe(item)}: ${answer.outcome}`);
        this.emit('report', item, answer);
      }
    }
    if (this.stoppedReason) return 'stopped';
    if (this.queue.size === 0) this.emit('drained');
    return 'sent';
  }

  /**
   * Sends until the queue is empty, sleeping out backoffs on the clock; resolves when drained or stopped
   * (or when `signal` aborts).
   */
  async drain(signal?: AbortSignal): Promise<void> {
    while (!signal?.aborted) {
      const result = await this.step();
      if (result === 'stopped') return;
      if (result === 'idle') return;
      if (result === 'waiting') await this.clock.sleep(this.nextAttemptAt - this.clock.now(), signal);
    }
  }

  /** Resolves the next time the queue is empty after a send (or at once if it is empty and the account known). */
  whenDrained(): Promise<void> {
    if (this.queue.size === 0 && this.accountId !== null) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onDrained = () => {
        this.off('stopped', onStopped);
        resolve();
      };
      const onStopped = (reason: string) => {
        this.off('drained', onDrained);
        reject(new Error(`the tracker stopped: ${reason}`));
      };
      this.once('drained', onDrained);
      this.once('stopped', onStopped);
    });
  }

  private async findAccount(): Promise<void> {
    const { client, login, server, currency, name } = this.options;
    if (!this.registerNext) {
      const found = await client.lookup(login, server);
      if (found.kind === 'ok') {
        this.useAccount(found.body);
        return;
      }
      if (found.kind === 'refused' && found.status === 404) {
        this.logger.info(`account ${login} on ${server} is not registered yet: registering it`);
        this.registerNext = true;
        this.succeeded();
        return;
      }
      this.failedSetup(found);
      return;
    }
    const initialBalance = this.options.initialBalance ?? this.lastFigures?.balance ?? 0;
    const created = await client.register({ login, server, currency, initialBalance, ...(name ? { name } : {}) });
    if (created.kind === 'ok') {
      this.logger.info(`registered account ${login} on ${server} (${currency}, initial balance ${initialBalance})`);
      this.useAccount(created.body);
      return;
    }
    if (created.kind === 'refused' && created.status === 409) {
      // Registered meanwhile (another terminal, or our own earlier attempt whose answer was lost): find it again.
      this.registerNext = false;
      this.succeeded();
      return;
    }
    this.failedSetup(created);
  }

  private useAccount(account: Account): void {
    this.registerNext = false;
    this.succeeded();
    if (account.archived) {
      this.stop(
        `account ${account.login} on ${account.server} is archived in Propfolio and takes no more data; register the new trading account instead (${queued(this.queue.size)} kept)`,
      );
      return;
    }
    this.accountId = account.id;
    this.logger.info(`tracking account ${account.login} on ${account.server} (id ${account.id}); ${queued(this.queue.size)}`);
    this.emit('account', account);
  }

  /** A lookup or registration that did not succeed: retry later, or stop (nothing can be sent without the account). */
  private failedSetup(result: Exclude<CallResult<unknown>, { kind: 'ok' }>): void {
    if (result.kind === 'retry') {
      this.failed(result.message, result.retryAfterMs);
      return;
    }
    this.stop(`${result.message}${keyHint(result.status)}`);
  }

  /** Handles an item's answer; true when it succeeded (the item has left the queue). */
  private settle(item: QueueItem, result: CallResult<unknown>): boolean {
    if (result.kind === 'ok') {
      this.succeeded();
      this.queue.ack(item.seq);
      return true;
    }
    // Every answer but a success names the item it was about, so a log shows what became of each one.
    if (result.kind === 'retry') {
      this.failed(`${describe(item)}: ${result.message}`, result.retryAfterMs);
      return false;
    }
    if (result.status === 409 && result.code === 'account_archived') {
      this.stop(
        `${result.message}: the account is archived; register the new trading account instead (${queued(this.queue.size)} kept)`,
        item,
      );
      return false;
    }
    if (result.status === 401 || result.status === 403) {
      this.stop(`${result.message}${keyHint(result.status)} (${queued(this.queue.size)} kept)`, item);
      return false;
    }
    if (result.status === 404) {
      // The account is gone (deleted in the dashboard): find or register it again, keep the item.
      this.logger.warn(`${describe(item)}: ${result.message}: the account is no longer there; looking it up again`);
      this.accountId = null;
      return false;
    }
    this.stats.refused++;
    this.logger.warn(`${describe(item)} refused and dropped: ${result.message}`);
    this.queue.ack(item.seq);
    this.emit('refused', item, result.message);
    return false;
  }

  private onSnapshotAnswer(item: SnapshotItem, answer: SnapshotAnswer): void {
    this.stats.snapshots[answer.outcome]++;
    this.emit('snapshot', item, answer);
    const day = this.state.day;
    if (day && answer.day < day.day) return; // an older day answered late: its report is already decided
    const window = { day: answer.day, dayStartsAt: answer.dayStartsAt, dayEndsAt: answer.dayEndsAt };
    const figures = { balance: item.balance, equity: item.equity, closedPnl: item.closedPnl ?? null };
    if (day && answer.day === day.day) {
      this.state.day = { ...day, ...window, ...figures };
    } else {
      // A new firm day: the one before it has ended, and its last figures are its closing ones.
      if (day) this.queueReport(day);
      const reported = this.state.lastReportedDay !== null && answer.day <= this.state.lastReportedDay;
      this.state.day = { ...window, ...figures, openingBalance: day ? day.balance : item.balance, reported };
    }
    this.saveState();
  }

  /** Queues the report of the open day once it has ended and none of its snapshots still waits. */
  private reportEndedDay(now: number): void {
    const day = this.state.day;
    if (!day || day.reported || now < Date.parse(day.dayEndsAt)) return;
    if (this.queue.hasSnapshotBefore(day.dayEndsAt)) return;
    this.queueReport(day);
    this.saveState();
  }

  private queueReport(day: OpenDay): void {
    if (day.reported || (this.state.lastReportedDay !== null && day.day <= this.state.lastReportedDay)) return;
    const closedPnl = day.closedPnl ?? roundAmount(day.balance - day.openingBalance);
    this.queue.enqueue({ kind: 'report', date: day.day, balance: day.balance, equity: day.equity, closedPnl });
    day.reported = true;
    this.state.lastReportedDay = day.day;
    this.logger.info(`firm day ${day.day} ended at ${day.dayEndsAt}: report queued (closed P&L ${closedPnl})`);
  }

  private succeeded(): void {
    this.failures = 0;
    this.nextAttemptAt = 0;
  }

  private failed(message: string, retryAfterMs: number | undefined): void {
    this.failures++;
    this.stats.retries++;
    const delay = retryDelayMs(this.failures, retryAfterMs, this.random, this.policy);
    this.nextAttemptAt = this.clock.now() + delay;
    this.logger.warn(`${message}; attempt ${this.failures} failed, next in ${Math.round(delay / 100) / 10} s (${queued(this.queue.size)})`);
    this.emit('retry', message, delay);
  }

  private stop(reason: string, item?: QueueItem): void {
    this.stoppedReason = reason;
    this.logger.error(item ? `${describe(item)}: not sent; stopped: ${reason}` : `stopped: ${reason}`);
    this.emit('stopped', reason);
  }

  private loadState(): TrackerState {
    const empty: TrackerState = { lastQueued: null, day: null, lastReportedDay: null };
    if (!existsSync(this.statePath)) return empty;
    try {
      const parsed = JSON.parse(readFileSync(this.statePath, 'utf8')) as Partial<TrackerState>;
      return { ...empty, ...parsed };
    } catch {
      this.logger.warn(`${this.statePath} is unreadable: starting with no day state (the queue is kept)`);
      return empty;
    }
  }

  private saveState(): void {
    const temporary = `${this.statePath}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.state)}\n`);
    renameSync(temporary, this.statePath);
  }
}

/** An item as the log names it: what it is and the figures it carries. */
function describe(item: QueueItem): string {
  if (item.kind === 'positions') {
    const ids = item.positions.map((p) => p.position);
    const shown = ids.length > 3 ? `${ids.slice(0, 3).join(', ')} …` : ids.join(', ');
    return `positions ${shown} (${ids.length})`;
  }
  const figures = `balance ${formatAmount(item.balance)}, equity ${formatAmount(item.equity)}`;
  return item.kind === 'snapshot'
    ? `snapshot ${item.at} (${figures})`
    : `report ${item.date} (${figures}, closed P&L ${formatAmount(item.closedPnl)})`;
}

/** `1 item queued`, `3 items queued`. */
export function queued(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'} queued`;
}

function keyHint(status: number): string {
  if (status === 401) return ': the API key is wrong or revoked; issue a tracker key in the dashboard (P&L page, EA integration)';
  if (status === 403) return ': this API key may not do this; use a key of scope `tracker` or `full`';
  return '';
}
