import { defineOperation, type Operation } from '@propfolio/core';
import { AccountIdInput } from '../accounts/accounts.inputs.js';
import { ChallengeIdInput } from '../challenges/challenges.inputs.js';
import type { AlertService } from './alerts.service.js';
import { callerOf, KEY_IDEMPOTENT_WRITE, KEY_LIVE_READ, KEY_READ } from '../shared/operation-flags.js';
import { CheckTradeInput, SetAlertRulesInput } from './alerts.inputs.js';
import { AccountGuardSchema, AlertRulesSchema, TradeCheckSchema } from './alerts.outputs.js';

/** Before the breach: a challenge's alert rules, the pre-trade check, and the levels a terminal guards. */
/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface AlertsOperationServices {
  alerts: AlertService;
}

export const alertOperations = (services: AlertsOperationServices): Operation[] => [
  defineOperation({
    name: 'get_alert_rules',
    // An MCP tool as well, so an agent asked "alert me when 30 % of my daily loss is left" can do it. Where alerts go
    // (the channels) stays REST and dashboard only: channels carry secrets (alert-channels.operations.ts).
    title: 'Alert rules',
    description: "Returns a challenge's alert rules (defaults when none set). Each fires once per firm day per threshold.",
    ...KEY_READ,
    input: ChallengeIdInput,
    output: AlertRulesSchema,
    rest: { method: 'GET', path: '/challenges/:id/alert-rules' },
    run: async (ctx, input) => services.alerts.getRules(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'set_alert_rules',
    title: 'Set alert rules',
    description: "Replaces a challenge's alert rules (null: the defaults). Returns them.",
    ...KEY_IDEMPOTENT_WRITE,
    input: SetAlertRulesInput,
    output: AlertRulesSchema,
    rest: { method: 'PATCH', path: '/challenges/:id/alert-rules' },
    run: async (ctx, input) => services.alerts.setRules(callerOf(ctx), input),
  }),
  defineOperation({
    name: 'check_trade',
    title: 'Pre-trade check',
    description:
      'Returns, before a trade, per rule the equity after its worst-case loss, room left and verdict, and the largest loss and volume keeping every rule.',
    ...KEY_LIVE_READ,
    input: CheckTradeInput,
    output: TradeCheckSchema,
    rest: { method: 'GET', path: '/accounts/:id/trade-check' },
    run: async (ctx, input) => services.alerts.checkTrade(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'get_account_guard',
    // Read by the EA's guard and chart display with a tracker key; agents use get_headroom.
    mcp: false,
    tracker: true,
    title: 'Levels a terminal guards',
    description:
      "Returns the levels a terminal needs for its own account: today's daily floor and the maximum-loss floor as equity levels, the next reset, the floor after it, the status, a floor already crossed (breach) and the alert thresholds.",
    ...KEY_LIVE_READ,
    input: AccountIdInput,
    output: AccountGuardSchema,
    rest: { method: 'GET', path: '/accounts/:id/guard' },
    run: async (ctx, input) => services.alerts.guard(callerOf(ctx), input, ctx.now),
  }),
];
