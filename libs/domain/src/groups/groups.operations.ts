import { defineOperation, type Operation } from '@propfolio/core';
import type { GroupsService } from './groups.service.js';
import { callerOf, KEY_CREATE, KEY_IDEMPOTENT_WRITE, KEY_LIVE_READ } from '../shared/operation-flags.js';
import {
  AccountGroupIdInput,
  CheckGroupTradeInput,
  CreateAccountGroupInput,
  ListAccountGroupsInput,
  UpdateAccountGroupInput,
} from './groups.inputs.js';
import { AccountGroupListSchema, AccountGroupSchema, GroupGuardLevelsSchema, GroupTradeCheckSchema } from './groups.outputs.js';

/** Groups of accounts that copy one strategy, and the pre-trade check of a copied trade. */
/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface GroupsOperationServices {
  groups: GroupsService;
}

export const groupsOperations = (services: GroupsOperationServices): Operation[] => [
  defineOperation({
    name: 'list_account_groups',
    title: 'Account groups',
    description: 'Lists your account groups (copiers), each account with its multiplier, master first.',
    ...KEY_LIVE_READ,
    input: ListAccountGroupsInput,
    output: AccountGroupListSchema,
    rest: { method: 'GET', path: '/account-groups' },
    run: async (ctx) => services.groups.list(callerOf(ctx)),
  }),
  defineOperation({
    name: 'create_account_group',
    title: 'Create an account group',
    description:
      'Creates a group of EA accounts copying one strategy, master first, each with its lot multiplier (see check_group_trade). Returns it.',
    ...KEY_CREATE,
    input: CreateAccountGroupInput,
    output: AccountGroupSchema,
    rest: { method: 'POST', path: '/account-groups', status: 201 },
    run: async (ctx, input) => services.groups.create(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'update_account_group',
    title: 'Update an account group',
    description: 'Renames a group or replaces its accounts. Returns it.',
    ...KEY_IDEMPOTENT_WRITE,
    input: UpdateAccountGroupInput,
    output: AccountGroupSchema,
    rest: { method: 'PATCH', path: '/account-groups/:id' },
    run: async (ctx, input) => services.groups.update(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'check_group_trade',
    title: 'Pre-trade check of a group',
    description:
      'Returns, for a master trade copied at each multiplier, every account’s check_trade and the largest master loss and volume keeping all rules, naming the binding account.',
    ...KEY_LIVE_READ,
    input: CheckGroupTradeInput,
    output: GroupTradeCheckSchema,
    rest: { method: 'GET', path: '/account-groups/:id/trade-check' },
    run: async (ctx, input) => services.groups.checkTrade(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'get_group_guard_levels',
    title: 'Guard levels of a group',
    description:
      'Returns each terminal’s guard levels in a copy group: daily and max-loss stop levels and per-trade risk, its own room ÷ multiplier, naming the binding account.',
    ...KEY_LIVE_READ,
    input: AccountGroupIdInput,
    output: GroupGuardLevelsSchema,
    rest: { method: 'GET', path: '/account-groups/:id/guard' },
    run: async (ctx, input) => services.groups.guardLevels(callerOf(ctx), input, ctx.now),
  }),
];
