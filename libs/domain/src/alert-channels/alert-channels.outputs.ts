import Type, { type Static } from 'typebox';
import { ALERT_RULE_KINDS } from '../alerts/alert-events.js';
import { Id, Money, Nullable, Timestamp } from '../shared/schemas.js';
import { CHANNEL_KINDS } from './channel-senders.js';
import { DELIVERY_STATUSES } from './alert-channels.inputs.js';

const AlertChannelSchema = Type.Object({
  id: Id('Channel id.'),
  kind: Type.Enum([...CHANNEL_KINDS], { description: 'webhook, discord, slack, telegram, line or email.' }),
  name: Type.String({ description: 'Your name for it.' }),
  target: Type.String({ description: "Where it sends, as far as that is not secret: a URL's host, a chat or recipient id, an address." }),
  secretHint: Type.String({
    description: 'The last characters of its secret or token (…abcd), to tell channels apart; empty when it has none.',
  }),
  failing: Nullable(
    Type.Object(
      {
        failures: Type.Integer({ description: 'Deliveries failed in a row, newest first (up to 20 looked at).' }),
        lastError: Type.String({ description: 'What the latest failed attempt met.' }),
        at: Timestamp('When it failed.'),
      },
      { description: 'Set while its latest deliveries failed; null when the latest went through or none was tried.' },
    ),
  ),
  createdAt: Timestamp('When it was added.'),
});
export type AlertChannelView = Static<typeof AlertChannelSchema>;

export const CreatedAlertChannelSchema = Type.Object({
  channel: AlertChannelSchema,
  secret: Nullable(
    Type.String({
      description: 'webhook: the signing secret made for it (whsec_…), shown this once to configure the receiver; null otherwise.',
    }),
  ),
});
export type CreatedAlertChannel = Static<typeof CreatedAlertChannelSchema>;

export const AlertChannelListSchema = Type.Object({
  items: Type.Array(AlertChannelSchema, { description: 'Your channels, oldest first (at most 10).' }),
});
export type AlertChannelList = Static<typeof AlertChannelListSchema>;

export const AlertDeliverySchema = Type.Object({
  id: Id('Delivery id (the webhook-id is msg_ and this id).'),
  channelId: Id('The channel it goes to.'),
  purpose: Type.Enum(['alert', 'test'], { description: 'An alert, or a "send test".' }),
  rule: Nullable(Type.Enum([...ALERT_RULE_KINDS], { description: 'The alert rule that fired; null for a test.' })),
  threshold: Nullable(Type.Number({ description: 'The threshold crossed (percent left, or minutes silent); null when none.' })),
  accountLabel: Nullable(Type.String({ description: 'The account the alert is about; null for a test.' })),
  amountLeft: Nullable(Money('What was left under the rule when it fired, in `currency`; null for a test or a rule without one.')),
  percentLeft: Nullable(Type.Number({ description: 'Percent of the allowance left when it fired; null when none.' })),
  currency: Nullable(Type.String({ description: 'Currency of amountLeft (the account’s); null for a test.' })),
  status: Type.Enum([...DELIVERY_STATUSES], { description: 'pending (queued or waiting to retry), delivered, or dead (given up).' }),
  attempts: Type.Integer({ description: 'Attempts made so far.' }),
  lastError: Nullable(
    Type.String({ description: 'What the last failed attempt met (an HTTP status, a timeout); null after success or before any.' }),
  ),
  nextAttemptAt: Nullable(Timestamp('When it is tried next while pending; null once delivered or dead.')),
  createdAt: Timestamp('When it was queued.'),
  updatedAt: Timestamp('When its state last changed.'),
  deliveredAt: Nullable(Timestamp('When the receiver accepted it.')),
});
export type AlertDeliveryView = Static<typeof AlertDeliverySchema>;

export const AlertDeliveryListSchema = Type.Object({
  items: Type.Array(AlertDeliverySchema, { description: 'Deliveries, newest first.' }),
});
export type AlertDeliveryList = Static<typeof AlertDeliveryListSchema>;
