import { randomBytes, randomUUID } from 'node:crypto';
import { isEmail } from 'class-validator';
import { AppError, type Caller } from '@propfolio/core';
import { requireId } from '../shared/ids.js';
import type { Language } from './test-message.js';
import {
  MAX_CHANNELS_PER_USER,
  MAX_SECRET_BYTES,
  type CreateAlertChannelInput,
  type DeliveryStatus,
  type ListAlertDeliveriesInput,
} from './alert-channels.inputs.js';
import type {
  AlertChannelList,
  AlertChannelView,
  AlertDeliveryList,
  AlertDeliveryView,
  CreatedAlertChannel,
} from './alert-channels.outputs.js';
import { type ChannelKind, type ChannelSecrets, LINE_RECIPIENT, LINE_TOKEN, TELEGRAM_TOKEN } from './channel-senders.js';
import { DestinationError, parseDestination, publicAddresses, type Resolve } from '../shared/destination.js';
import type { DeliveryPayload } from './delivery-queue.js';
import type { AlertChannelsRepository, ChannelRow, DeliveryRow } from './alert-channels.repository.js';
import { moneyFromText } from '../shared/money.js';
import { maskedHint, seal } from './secret-box.js';

interface AlertChannelOptions {
  /** ALERTS_SECRET_KEY; without it channels are refused (503), since their secrets could not be kept encrypted. */
  readonly secretKey: Buffer | undefined;
  readonly allowPrivateDestinations: boolean;
  /** Whether SMTP is configured, so that an e-mail channel can send. */
  readonly emailEnabled: boolean;
  /** Starts the delivery worker's next round now (a test is then sent without waiting for the poll). */
  readonly wake?: () => void;
  readonly resolve?: Resolve;
}

/** The fields each kind needs; any other destination field is refused, naming it, so a mix-up is not kept silently. */
const FIELDS: Record<ChannelKind, { required: readonly DestinationField[]; optional: readonly DestinationField[] }> = {
  webhook: { required: ['url'], optional: ['secret'] },
  discord: { required: ['url'], optional: [] },
  slack: { required: ['url'], optional: [] },
  telegram: { required: ['token', 'chatId'], optional: ['apiUrl'] },
  line: { required: ['token', 'to'], optional: ['apiUrl'] },
  email: { required: ['to'], optional: [] },
};
type DestinationField = 'url' | 'secret' | 'token' | 'chatId' | 'to' | 'apiUrl';
const DESTINATION_FIELDS: readonly DestinationField[] = ['url', 'secret', 'token', 'chatId', 'to', 'apiUrl'];

/** A Standard Webhooks secret: whsec_ and the base64 of 24 to 64 random bytes (the specification's range). */
/** Tests of one channel queued at once (a second is a 429 until the first is settled). */
const TESTS_QUEUED_PER_CHANNEL = 1;

const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

const toChannelView = (row: ChannelRow, failing: AlertChannelView['failing'] = null): AlertChannelView => ({
  id: row.id,
  kind: row.kind as ChannelKind,
  name: row.name,
  target: row.target,
  secretHint: row.secretHint,
  failing,
  createdAt: row.createdAt.toISOString(),
});

/** Deliveries looked at per channel to tell whether its latest ones failed. */
const FAILURES_LOOKED_AT = 20;

/**
 * Per channel, its latest deliveries' failures in a row (a dead one, or one waiting to retry after an error) with the
 * latest error, until one that went through: what the channel's card warns about.
 */
function failingOf(rows: readonly { channelId: string; status: string; lastError: string | null; updatedAt: Date }[]) {
  const out = new Map<string, NonNullable<AlertChannelView['failing']>>();
  const done = new Set<string>();
  for (const row of rows) {
    if (done.has(row.channelId)) continue;
    if (row.status === 'delivered' || row.lastError === null) {
      done.add(row.channelId);
      continue;
    }
    const seen = out.get(row.channelId);
    out.set(
      row.channelId,
      seen ? { ...seen, failures: seen.failures + 1 } : { failures: 1, lastError: row.lastError, at: row.updatedAt.toISOString() },
    );
  }
  return out;
}

function toDeliveryView(row: DeliveryRow): AlertDeliveryView {
  const payload = row.event as DeliveryPayload;
  const event = 'event' in payload ? payload.event : null;
  return {
    id: row.id,
    channelId: row.channelId,
    purpose: row.purpose === 'test' ? 'test' : 'alert',
    rule: event?.rule ?? null,
    threshold: event?.threshold ?? null,
    accountLabel: event?.accountLabel ?? null,
    amountLeft: event?.amountLeft == null ? null : moneyFromText(event.amountLeft),
    percentLeft: event?.percentLeft ?? null,
    currency: event?.currency ?? null,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** Where a user's alerts go: channels with their secrets sealed, a "send test", and the delivery log. */
export class AlertChannelService {
  constructor(
    private readonly channels: AlertChannelsRepository,
    private readonly options: AlertChannelOptions,
  ) {}

  private key(): Buffer {
    if (!this.options.secretKey) {
      throw new AppError(
        'service_unavailable',
        'Alert channels are not set up on this server: its operator must set ALERTS_SECRET_KEY (32 random bytes, e.g. openssl rand -base64 32) so that channel secrets are stored encrypted.',
      );
    }
    return this.options.secretKey;
  }

  /** A destination URL that is https and public (unless the operator allows private ones), or a 400 naming the field. */
  private async checkUrl(field: 'url' | 'apiUrl', raw: string): Promise<URL> {
    try {
      const url = parseDestination(raw, this.options.allowPrivateDestinations);
      await publicAddresses(url.hostname, this.options.allowPrivateDestinations, this.options.resolve);
      return url;
    } catch (error) {
      if (error instanceof DestinationError) throw AppError.invalidField(field, error.message);
      throw error;
    }
  }

  async create(caller: Caller, input: CreateAlertChannelInput): Promise<CreatedAlertChannel> {
    const key = this.key();
    const { required, optional } = FIELDS[input.kind];
    for (const field of DESTINATION_FIELDS) {
      const given = input[field] !== undefined;
      if (!given && required.includes(field)) throw AppError.invalidField(field, `is required for a ${input.kind} channel`);
      if (given && !required.includes(field) && !optional.includes(field)) {
        throw AppError.invalidField(field, `is not used by a ${input.kind} channel`);
      }
    }
    for (const field of ['secret', 'token'] as const) {
      const value = input[field];
      if (value !== undefined && Buffer.byteLength(value, 'utf8') > MAX_SECRET_BYTES) {
        throw AppError.invalidField(field, `must be at most ${MAX_SECRET_BYTES} bytes`);
      }
    }
    if (input.kind === 'email' && !this.options.emailEnabled) {
      throw AppError.invalidField('kind', 'email is not available: this server has no SMTP server configured (SMTP_URL)');
    }
    if (input.kind === 'email' && !isEmail(input.to ?? '')) throw AppError.invalidField('to', 'must be an e-mail address');
    if (input.kind === 'webhook' && input.secret !== undefined) {
      const bytes = Buffer.from(input.secret.slice(6), 'base64').length;
      if (!WEBHOOK_SECRET.test(input.secret) || bytes < 24 || bytes > 64) {
        throw AppError.invalidField('secret', 'must be whsec_ followed by the base64 of 24 to 64 random bytes');
      }
    }
    if (input.kind === 'telegram' && !/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/.test(input.chatId ?? '')) {
      throw AppError.invalidField('chatId', 'must be a numeric chat id or @channelname');
    }
    // Tokens as each service defines them: a Telegram token goes into the request's path, a LINE token into a header.
    if (input.kind === 'telegram' && !TELEGRAM_TOKEN.test(input.token ?? '')) {
      throw AppError.invalidField('token', 'must be a bot token as @BotFather gives it: digits, a colon, then letters, digits, _ or -');
    }
    if (input.kind === 'line' && !LINE_TOKEN.test(input.token ?? '')) {
      throw AppError.invalidField('token', 'must be a LINE channel access token: letters, digits and + / = . _ - only');
    }
    if (input.kind === 'line' && !LINE_RECIPIENT.test(input.to ?? '')) {
      throw AppError.invalidField('to', 'must be a LINE user, group or room id: U, C or R followed by 32 hexadecimal digits');
    }
    const url = input.url === undefined ? undefined : await this.checkUrl('url', input.url);
    if (input.apiUrl !== undefined) await this.checkUrl('apiUrl', input.apiUrl);

    const made = input.kind === 'webhook' && input.secret === undefined ? `whsec_${randomBytes(32).toString('base64')}` : undefined;
    const secrets: ChannelSecrets = {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...((input.secret ?? made) !== undefined ? { secret: input.secret ?? made } : {}),
      ...(input.token !== undefined ? { token: input.token } : {}),
      ...(input.apiUrl !== undefined ? { apiUrl: input.apiUrl } : {}),
    };
    const id = randomUUID();
    const target = url ? url.host : (input.chatId ?? input.to ?? '');
    const shown = secrets.secret ?? secrets.token ?? secrets.url;
    const row = await this.channels.insertChannelCapped(
      {
        id,
        userId: caller.userId,
        kind: input.kind,
        name: input.name,
        target,
        secretBox: seal(key, JSON.stringify(secrets), id),
        secretHint: shown === undefined ? '' : maskedHint(shown),
      },
      (count) => {
        if (count >= MAX_CHANNELS_PER_USER) {
          throw AppError.invalidField(
            'kind',
            `you already have ${MAX_CHANNELS_PER_USER} alert channels, the most one person may have: remove one in the dashboard first`,
          );
        }
      },
    );
    return { channel: toChannelView(row), secret: made ?? null };
  }

  async list(caller: Caller): Promise<AlertChannelList> {
    const rows = await this.channels.channelsOf(caller.userId);
    // The latest tried deliveries of every channel at once, newest first, for the cards' failure warnings.
    const tried = await this.channels.triedDeliveries(caller.userId, FAILURES_LOOKED_AT * Math.max(1, rows.length));
    const failing = failingOf(tried);
    return { items: rows.map((row) => toChannelView(row, failing.get(row.id) ?? null)) };
  }

  private async owned(caller: Caller, id: string): Promise<ChannelRow> {
    const row = await this.channels.channelOf(caller.userId, requireId(id, 'Alert channel'));
    if (!row) throw AppError.notFound('Alert channel');
    return row;
  }

  /** Queues a test message like any alert (same retries, same log), and starts sending it now. */
  async test(caller: Caller, id: string): Promise<AlertDeliveryView> {
    // The channel first: an unknown or another's id is 404 whatever the server's set-up (the fuzz met a 503 for one).
    const channel = await this.owned(caller, id);
    this.key();
    const language: Language = (await this.channels.languageOf(caller.userId)) === 'en' ? 'en' : 'ja';
    const payload: DeliveryPayload = { test: true, language, channelName: channel.name };
    // One test per channel at a time: a test is to see a channel work, and a queue of them would only delay alerts.
    const queued = await this.channels.queuedTests(channel.id);
    if (queued >= TESTS_QUEUED_PER_CHANNEL)
      throw new AppError('rate_limited', 'A test of this channel is still queued: its result shows in the delivery log first.');
    const row = await this.channels.insertTestDelivery(channel.id, caller.userId, payload);
    this.options.wake?.();
    return toDeliveryView(row);
  }

  /**
   * The dashboard's removal. A channel is configuration holding a secret, not a record of the trader's history, so
   * it is deleted outright (with its queue and log) rather than kept restorable in the trash with its token.
   */
  async remove(caller: Caller, id: string): Promise<void> {
    if (!(await this.channels.deleteChannel(caller.userId, requireId(id, 'Alert channel')))) throw AppError.notFound('Alert channel');
  }

  async listDeliveries(caller: Caller, input: ListAlertDeliveriesInput): Promise<AlertDeliveryList> {
    if (input.channelId !== undefined) await this.owned(caller, input.channelId);
    const rows = await this.channels.deliveries(caller.userId, {
      ...(input.channelId !== undefined ? { channelId: input.channelId.toLowerCase() } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      limit: input.limit ?? 50,
    });
    return { items: rows.map(toDeliveryView) };
  }
}
