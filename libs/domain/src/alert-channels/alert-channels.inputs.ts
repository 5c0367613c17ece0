import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Compose, Doc, NumberFromQuery, Trim } from '@propfolio/core';
import { Absent, FreeText } from '../shared/contract-fields.js';
import { CHANNEL_KINDS, type ChannelKind } from './channel-senders.js';

/** Largest secret (webhook secret, bot or channel token) a channel keeps, in UTF-8 bytes. */
export const MAX_SECRET_BYTES = 512;
export const MAX_CHANNELS_PER_USER = 10;
const MAX_URL_LENGTH = 2048;
export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const Optional = (maxLength: number): PropertyDecorator => Compose(Absent(), Trim(), IsString(), MinLength(1), MaxLength(maxLength));

export class CreateAlertChannelInput {
  @Doc(
    '`webhook` (signed per Standard Webhooks), `discord` or `slack` (an incoming-webhook URL), `telegram` (a bot token and chat id), `line` (a Messaging API channel access token and a user or group id), or `email` (when the server has SMTP).',
  )
  @IsIn(CHANNEL_KINDS)
  kind!: ChannelKind;

  @Doc({ description: 'Your name for the channel (1 to 100 characters).', example: 'Phone (Telegram)' })
  @FreeText(100)
  name!: string;

  @Doc(
    'webhook, discord, slack: the https URL to POST to (Discord and Slack show it when you add an incoming webhook). Kept encrypted; never shown again.',
  )
  @Optional(MAX_URL_LENGTH)
  url?: string;

  @Doc(
    `webhook: the signing secret, whsec_ and base64 (at most ${MAX_SECRET_BYTES} bytes); leave out and one is made and shown once in the answer.`,
  )
  @Optional(MAX_SECRET_BYTES)
  secret?: string;

  @Doc(
    `telegram: the bot token from @BotFather; line: the channel access token (at most ${MAX_SECRET_BYTES} bytes). Kept encrypted; never shown again.`,
  )
  @Optional(MAX_SECRET_BYTES)
  token?: string;

  @Doc({ description: 'telegram: the chat id to send to (a number, negative for groups, or @channelname).', example: '123456789' })
  @Optional(100)
  chatId?: string;

  @Doc('line: the user, group or room id to push to (U…, C…, R…); email: the address to write to.')
  @Optional(320)
  to?: string;

  @Doc('telegram, line: the API base URL, only for a self-hosted Bot API server; default the public API.')
  @Optional(MAX_URL_LENGTH)
  apiUrl?: string;
}

/** list_alert_channels takes no input. */
export class ListAlertChannelsInput {}

export class AlertChannelIdInput {
  @Doc('Id of the alert channel (a uuid from list_alert_channels or create_alert_channel).')
  @IsString()
  id!: string;
}

export class ListAlertDeliveriesInput {
  @Doc("Only this channel's deliveries (an id from list_alert_channels).")
  @IsOptional()
  @IsString()
  channelId?: string;

  @Doc('Only deliveries in this state: `pending` (queued or waiting to retry), `delivered`, or `dead` (given up).')
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @Doc({ description: 'How many to return, newest first, 1 to 100. Default 50.', default: 50 })
  @NumberFromQuery()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}
