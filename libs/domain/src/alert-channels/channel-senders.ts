import { Webhook } from 'standardwebhooks';
import type { AlertEvent } from '../alerts/alert-events.js';
import type { AlertMessage } from '../alerts/alert-message.js';
import { parseDestination, type Resolve } from '../shared/destination.js';
import { postJson, type SendOutcome } from './http-post.js';

export const CHANNEL_KINDS = ['webhook', 'discord', 'slack', 'telegram', 'line', 'email'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** What the sealed box of a channel holds: whatever would let someone else post as the user. */
export interface ChannelSecrets {
  /** webhook, discord, slack: the URL (Discord's and Slack's embed their token). */
  readonly url?: string;
  /** webhook: the Standard Webhooks signing secret, whsec_ and base64. */
  readonly secret?: string;
  /** telegram: the bot token; line: the channel access token. */
  readonly token?: string;
  /** telegram, line: the API's base URL when it is not the public one (a self-hosted Bot API server, a test receiver). */
  readonly apiUrl?: string;
}

const DEFAULT_API_URL: Partial<Record<ChannelKind, string>> = {
  telegram: 'https://api.telegram.org',
  line: 'https://api.line.me',
};

/** Sends one e-mail; throws an error carrying the SMTP `responseCode` when the server refused it. */
export type Mailer = (to: string, subject: string, text: string) => Promise<void>;

interface Outgoing {
  /** The delivery's id: the webhook-id of every attempt, so a receiver can drop a repeat. */
  readonly id: string;
  readonly purpose: 'alert' | 'test';
  readonly event: AlertEvent | null;
  readonly message: AlertMessage;
}

interface SendContext {
  readonly timeoutMs: number;
  readonly allowPrivate: boolean;
  readonly mailer: Mailer | undefined;
  readonly now: Date;
  readonly resolve?: Resolve;
}

/** The API URL with its path, keeping a base's own path (a self-hosted server under /telegram). */
function apiEndpoint(kind: ChannelKind, secrets: ChannelSecrets, path: string, allowPrivate: boolean): URL {
  const base = secrets.apiUrl ?? DEFAULT_API_URL[kind] ?? '';
  return parseDestination(`${base.replace(/\/+$/, '')}${path}`, allowPrivate);
}

/** The Standard Webhooks body: a type, the instant, and the data (the event, plus the worded message). */
function webhookBody(outgoing: Outgoing, now: Date): string {
  return JSON.stringify({
    type: outgoing.purpose === 'test' ? 'alert.test' : 'alert.fired',
    timestamp: now.toISOString(),
    data: { ...(outgoing.event ?? {}), message: outgoing.message.text },
  });
}

async function sendMail(mailer: Mailer | undefined, to: string, message: AlertMessage): Promise<SendOutcome> {
  if (!mailer) return { ok: false, retry: false, error: 'e-mail is not configured on this server (SMTP_URL)' };
  try {
    // The subject is a fixed template (no firm, account or channel name in a header).
    await mailer(to, message.subject, message.text);
    return { ok: true };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    // A 5xx SMTP reply (unknown mailbox) is final; a 4xx or a lost connection is the server asking to come back.
    // The server's own words are not kept (they may quote the message or the account).
    if (typeof code === 'number') return { ok: false, retry: code < 500, error: `SMTP ${code}: the mail server refused the message` };
    return { ok: false, retry: true, error: 'could not reach the mail server' };
  }
}

/** Slack reads `<…>` as links and mentions (`<!channel>`) and `&` as an entity: its own escapes keep names as text. */
export const slackText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A bot token as @BotFather gives it: the bot's id, a colon, and letters, digits, `_` and `-` (nothing a URL path reads). */
export const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{1,100}$/;
/** A LINE channel access token: base64 text (a JWT for v2.1 tokens), nothing a header could break on. */
export const LINE_TOKEN = /^[A-Za-z0-9+/=._-]{1,512}$/;
/** A LINE user, group or room id: U, C or R and 32 hexadecimal digits. */
export const LINE_RECIPIENT = /^[UCR][0-9a-f]{32}$/;

/** One attempt at one channel, in the shape its service expects. */
export async function sendTo(
  kind: ChannelKind,
  target: string,
  secrets: ChannelSecrets,
  outgoing: Outgoing,
  ctx: SendContext,
): Promise<SendOutcome> {
  const post = { timeoutMs: ctx.timeoutMs, allowPrivate: ctx.allowPrivate, ...(ctx.resolve ? { resolve: ctx.resolve } : {}) };
  try {
    switch (kind) {
      case 'webhook': {
        const body = webhookBody(outgoing, ctx.now);
        const msgId = `msg_${outgoing.id}`;
        const signature = new Webhook(secrets.secret ?? '').sign(msgId, ctx.now, body);
        const headers = {
          'webhook-id': msgId,
          'webhook-timestamp': String(Math.floor(ctx.now.getTime() / 1000)),
          'webhook-signature': signature,
        };
        return await postJson(parseDestination(secrets.url ?? '', ctx.allowPrivate), body, headers, post);
      }
      case 'discord':
        return await postJson(
          parseDestination(secrets.url ?? '', ctx.allowPrivate),
          // No mention is parsed: `@everyone` or a role in a firm, account or channel name stays text.
          JSON.stringify({ content: outgoing.message.text, allowed_mentions: { parse: [] } }),
          {},
          post,
        );
      case 'slack':
        return await postJson(
          parseDestination(secrets.url ?? '', ctx.allowPrivate),
          JSON.stringify({ text: slackText(outgoing.message.text) }),
          {},
          post,
        );
      case 'telegram': {
        // Checked at creation too; a token that would change the request's path is never put into it.
        if (!TELEGRAM_TOKEN.test(secrets.token ?? '')) return { ok: false, retry: false, error: 'refused: the bot token is not valid' };
        // Plain text: no parse_mode, so `<b>` or `*` in a name is shown as typed.
        const url = apiEndpoint(kind, secrets, `/bot${secrets.token ?? ''}/sendMessage`, ctx.allowPrivate);
        return await postJson(url, JSON.stringify({ chat_id: target, text: outgoing.message.text }), {}, post);
      }
      case 'line': {
        if (!LINE_TOKEN.test(secrets.token ?? ''))
          return { ok: false, retry: false, error: 'refused: the channel access token is not valid' };
        const url = apiEndpoint(kind, secrets, '/v2/bot/message/push', ctx.allowPrivate);
        const body = JSON.stringify({ to: target, messages: [{ type: 'text', text: outgoing.message.text.slice(0, 5000) }] });
        return await postJson(url, body, { authorization: `Bearer ${secrets.token ?? ''}`, 'x-line-retry-key': outgoing.id }, post);
      }
      case 'email':
        return await sendMail(ctx.mailer, target, outgoing.message);
    }
  } catch (error) {
    // A stored URL that no longer passes the checks (the operator turned private destinations off).
    return { ok: false, retry: false, error: `refused: ${(error as Error).message}` };
  }
}
