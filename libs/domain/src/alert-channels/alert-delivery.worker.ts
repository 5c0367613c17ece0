import type { AlertEvent, AlertSink } from '../alerts/alert-events.js';
import { alertMessage } from '../alerts/alert-message.js';
import { testMessage } from './test-message.js';
import { sendTo, type ChannelKind, type ChannelSecrets, type Mailer } from './channel-senders.js';
import { settlementOf, type ClaimedDelivery } from './delivery-queue.js';
import type { AlertChannelsRepository, ChannelRow as AlertChannel } from './alert-channels.repository.js';
import type { Resolve } from '../shared/destination.js';
import type { SendOutcome } from './http-post.js';
import { maskedHint, unseal } from './secret-box.js';

export interface DeliveryWorkerOptions {
  readonly secretKey: Buffer | undefined;
  readonly allowPrivateDestinations: boolean;
  /** One attempt's time limit (ALERTS_DELIVERY_TIMEOUT_MS). */
  readonly timeoutMs: number;
  readonly mailer?: Mailer | undefined;
  /** How often the queue is looked at for rows another instance queued, or retries that came due (default 500 ms). */
  readonly pollMs?: number;
  /** Attempts in flight at once; a slow receiver holds one slot, not the queue (default 32). */
  readonly concurrency?: number;
  readonly now?: () => Date;
  readonly random?: () => number;
  readonly resolve?: Resolve;
  /** Told of each attempt's result, for the service's log. */
  readonly onAttempt?: (attempt: { id: string; channelId: string; status: 'delivered' | 'pending' | 'dead'; error: string | null }) => void;
}

/**
 * Sends the queued deliveries, off every request's path: a snapshot's answer only waits for its rows to be written.
 * Several instances may run one each on one PostgreSQL (claims skip each other's rows); on PGlite there is one.
 */
export class AlertDeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts in flight per user: a claim gives a user no more than its share (USER_IN_FLIGHT). */
  private readonly userInFlight = new Map<string, number>();
  private round: Promise<void> | undefined;
  private again = false;
  private wakeQueued = false;
  /** The rows delivered on this turn of the event loop, and the write that settles them (see delivered). */
  private pendingDelivered: ClaimedDelivery[] = [];
  private deliveredRows: Promise<void> | undefined;
  private stopped = false;
  private readonly now: () => Date;
  private readonly concurrency: number;

  constructor(
    private readonly repository: AlertChannelsRepository,
    private readonly options: DeliveryWorkerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.concurrency = options.concurrency ?? 32;
  }

  /** Polls until stop(); the timer does not keep a process alive on its own. */
  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => {
      this.wake();
    }, this.options.pollMs ?? 500);
    this.timer.unref();
    this.wake();
  }

  /** Runs a round soon; calls while one runs join the next, so a burst of alerts costs one claim per slot freed. */
  wake(): void {
    if (this.stopped) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = this.claimAndSend()
      .catch(() => {
        // The database was unreachable: the rows stay queued for the next poll.
      })
      .finally(() => {
        this.round = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * A round once the attempts ending on this turn of the event loop have all left their slots: a burst's attempts
   * end together (their rows are settled in one update), and a round per freed slot claimed them one at a time.
   */
  private wakeAfterTurn(): void {
    if (this.wakeQueued) return;
    this.wakeQueued = true;
    setImmediate(() => {
      this.wakeQueued = false;
      this.wake();
    });
  }

  /** Claims what fits in the free slots and starts those attempts; resolves once they are claimed, not sent. */
  private async claimAndSend(): Promise<void> {
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0 || !this.options.secretKey) return;
    const now = this.now();
    // Most polls find nothing: ask on the driver first (one indexed read, no Prisma transaction every half second).
    if (!(await this.repository.anyDue(now))) return;
    // One statement is its own transaction: no interactive one around it (on the embedded database its BEGIN and
    // COMMIT were two more turns on the one connection for every claim of a burst).
    const claimed = await this.repository.claimDue(now, free, this.userInFlight);
    if (claimed.length === 0) return;
    // The channels of the whole claim in one read, not one per row: on the embedded database every statement waits
    // for the one connection, behind the snapshots and evaluations of a burst.
    const channels = new Map((await this.repository.channelsByIds([...new Set(claimed.map((r) => r.channelId))])).map((c) => [c.id, c]));
    for (const row of claimed) {
      this.userInFlight.set(row.userId, (this.userInFlight.get(row.userId) ?? 0) + 1);
      const attempt = this.attempt(row, channels.get(row.channelId)).finally(() => {
        const left = (this.userInFlight.get(row.userId) ?? 1) - 1;
        if (left > 0) this.userInFlight.set(row.userId, left);
        else this.userInFlight.delete(row.userId);
        this.inFlight.delete(attempt);
        this.wakeAfterTurn();
      });
      this.inFlight.add(attempt);
    }
  }

  /** Everything due now, sent and settled: for tests and the bench, which wait on this instead of a clock. */
  async drain(): Promise<void> {
    for (;;) {
      this.wake();
      while (this.round || this.inFlight.size > 0) {
        await Promise.all([this.round, ...this.inFlight]);
      }
      if ((await this.repository.countDue(this.now())) === 0) return;
    }
  }

  private async attempt(row: ClaimedDelivery, channel: AlertChannel | undefined): Promise<void> {
    try {
      const outcome = await this.send(row, channel);
      const status = outcome.ok ? await this.delivered(row) : await this.failed(row, outcome);
      this.options.onAttempt?.({ id: row.id, channelId: row.channelId, status, error: outcome.ok ? null : outcome.error });
    } catch {
      // The database went away mid-attempt (a shutdown, a lost connection): the row keeps its claim until the lease
      // ends and is tried again then, by this process or another.
    }
  }

  /**
   * Marks a row delivered together with the others that succeed on the same turn of the event loop (one statement
   * for a burst's attempts); resolves once its row is written.
   */
  private delivered(row: ClaimedDelivery): Promise<'delivered'> {
    this.deliveredRows ??= new Promise<readonly ClaimedDelivery[]>((resolve) => {
      const rows: ClaimedDelivery[] = [];
      this.pendingDelivered = rows;
      setImmediate(() => {
        this.deliveredRows = undefined;
        resolve(rows);
      });
    }).then(async (rows) => {
      await this.repository.settleDelivered(rows, this.now());
    });
    this.pendingDelivered.push(row);
    return this.deliveredRows.then(() => 'delivered' as const);
  }

  /** Settles a failed attempt: retried later or given up on (settlementOf). */
  private async failed(
    row: ClaimedDelivery,
    outcome: { retry: boolean; error: string; maxAttempts?: number },
  ): Promise<'pending' | 'dead'> {
    const now = this.now();
    const settlement = settlementOf(row, now, outcome, this.options.random);
    await this.repository.settleFailed(row, now, settlement);
    return settlement.status;
  }

  private async send(row: ClaimedDelivery, channel: AlertChannel | undefined): Promise<SendOutcome> {
    if (!channel) return { ok: false, retry: false, error: 'the channel was removed' };
    let secrets: ChannelSecrets;
    try {
      secrets = JSON.parse(unseal(this.options.secretKey ?? Buffer.alloc(0), channel.secretBox, channel.id)) as ChannelSecrets;
    } catch {
      return {
        ok: false,
        retry: false,
        error: "the channel's secret cannot be opened: ALERTS_SECRET_KEY is not the key it was stored with",
      };
    }
    const payload = row.event;
    const outgoing =
      'event' in payload
        ? { id: row.id, purpose: 'alert' as const, event: payload.event, message: alertMessage(payload.event) }
        : { id: row.id, purpose: 'test' as const, event: null, message: testMessage(payload.channelName, payload.language) };
    const outcome = await sendTo(channel.kind as ChannelKind, channel.target, secrets, outgoing, {
      timeoutMs: this.options.timeoutMs,
      allowPrivate: this.options.allowPrivateDestinations,
      mailer: this.options.mailer,
      now: this.now(),
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    });
    return outcome.ok ? outcome : { ...outcome, error: withoutSecrets(outcome.error, secrets) };
  }

  /** Stops claiming and waits for the attempts in flight (each ends within its timeout), so a restart loses none. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
    await Promise.all([...this.inFlight]);
  }

  /**
   * The alert rules' sink: one delivery per event and channel of the event's user, written with the caller's
   * transaction when given (the fired log and its deliveries commit together), then a round is started.
   */
  readonly sink: AlertSink = async (events: readonly AlertEvent[], tx) => {
    if (events.length === 0) return;
    // On this worker's clock, like the claims and the 24 h window that read them.
    if ((await this.repository.queueAlerts(events, this.now(), tx)) === 0) return;
    setImmediate(() => {
      this.wake();
    });
    // Inside a caller's transaction the rows show once it commits, usually within milliseconds: look again then
    // rather than a poll later (the poll still takes them if the commit is slower).
    if (tx) {
      setTimeout(() => {
        this.wake();
      }, 25).unref();
    }
  };
}

/**
 * An error as stored and shown: the channel's own secrets (URL, signing secret, token) replaced by their hint.
 * Errors are fixed texts already (no receiver's answer is kept); this holds if one ever quotes a destination.
 */
export function withoutSecrets(error: string, secrets: ChannelSecrets): string {
  let out = error;
  for (const secret of [secrets.url, secrets.secret, secrets.token]) {
    if (secret !== undefined && secret.length >= 4) out = out.split(secret).join(maskedHint(secret));
  }
  return out;
}
