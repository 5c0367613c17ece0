import { defineOperation, type Operation } from '@propfolio/core';
import type { AlertChannelService } from './alert-channels.service.js';
import { callerOf, KEY_CREATE, KEY_LIVE_READ, KEY_READ } from '../shared/operation-flags.js';
import { AlertChannelIdInput, CreateAlertChannelInput, ListAlertChannelsInput, ListAlertDeliveriesInput } from './alert-channels.inputs.js';
import {
  AlertChannelListSchema,
  AlertDeliveryListSchema,
  AlertDeliverySchema,
  CreatedAlertChannelSchema,
} from './alert-channels.outputs.js';

/**
 * REST and the dashboard only, unlike the alert rules (MCP tools too): a channel carries secrets (a webhook's URL and
 * signing secret, a bot or channel token), which do not belong in an agent's context. It is also configuration a person
 * sets up once, and the four would take tools/list past its budget (62,656 bytes with a key, measured with the rules in).
 */
const REST_ONLY = { mcp: false } as const;

/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface AlertChannelsOperationServices {
  alertChannels: AlertChannelService;
}

export const alertChannelOperations = (services: AlertChannelsOperationServices): Operation[] => [
  defineOperation({
    name: 'create_alert_channel',
    title: 'Add a channel that alerts are sent to',
    description: `Adds a place the caller's alerts go: a signed webhook (Standard Webhooks), a Discord or Slack incoming webhook, a Telegram bot, a LINE push, or e-mail. The destination must be public https. Secrets are stored encrypted and never shown again. Returns the channel and, for a webhook without a secret given, the signing secret once.`,
    ...KEY_CREATE,
    ...REST_ONLY,
    input: CreateAlertChannelInput,
    output: CreatedAlertChannelSchema,
    rest: { method: 'POST', path: '/alert-channels', status: 201 },
    run: async (ctx, input) => services.alertChannels.create(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'list_alert_channels',
    title: 'List your alert channels',
    description:
      "Lists the caller's alert channels: kind, name, where they send as far as it is not secret, and a masked hint of the secret.",
    ...KEY_READ,
    ...REST_ONLY,
    input: ListAlertChannelsInput,
    output: AlertChannelListSchema,
    rest: { method: 'GET', path: '/alert-channels' },
    run: async (ctx) => services.alertChannels.list(callerOf(ctx)),
  }),
  defineOperation({
    name: 'test_alert_channel',
    title: 'Send a test message to an alert channel',
    description:
      "Queues a test message to one of the caller's channels and starts sending it at once, with the retries of any alert. Returns the queued delivery; list_alert_deliveries shows how it went.",
    ...KEY_CREATE,
    ...REST_ONLY,
    input: AlertChannelIdInput,
    output: AlertDeliverySchema,
    rest: { method: 'POST', path: '/alert-channels/:id/test', status: 202 },
    run: async (ctx, input) => services.alertChannels.test(callerOf(ctx), input.id),
  }),
  defineOperation({
    name: 'list_alert_deliveries',
    title: 'Read the alert delivery log',
    description:
      "Lists the caller's alert deliveries, newest first: the channel, the rule, its state (waiting to retry, delivered, given up after a day), attempts and the last error.",
    ...KEY_LIVE_READ,
    ...REST_ONLY,
    input: ListAlertDeliveriesInput,
    output: AlertDeliveryListSchema,
    rest: { method: 'GET', path: '/alert-deliveries' },
    run: async (ctx, input) => services.alertChannels.listDeliveries(callerOf(ctx), input),
  }),
];
