import { defineOperation, type Operation } from '@propfolio/core';
import { AddMemoInput, CreateChallengeInput, GetChallengeInput, ListChallengesInput, UpdateChallengeInput } from './challenges.inputs.js';
import { ChallengeDetailSchema, ChallengePageSchema, ChallengeSchema, ChallengeUpdateSchema, MemoSchema } from './challenges.outputs.js';
import { type DomainServices } from '../services.js';
import { callerOf, NO_DELETE, KEY_CREATE, KEY_IDEMPOTENT_WRITE, KEY_READ } from '../shared/operation-flags.js';

export const challengeOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'list_challenges',
    title: 'List challenges',
    description:
      "Lists the caller's prop-firm challenges, newest first, filtered by `status` (in_progress, passed, failed, or all; default all). Each item has firm, plan, phase, status, price and billing, dates and days since purchase. Paginated: pass `nextCursor` back as `cursor`. Use get_challenge for memos, payouts and EA accounts of one challenge.",
    ...KEY_READ,
    input: ListChallengesInput,
    output: ChallengePageSchema,
    rest: { method: 'GET', path: '/challenges' },
    run: async (ctx, input) => services.challenges.list(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'get_challenge',
    title: 'Get a challenge',
    description:
      'Returns one challenge with its memos (oldest first), its payouts (newest first) and its linked EA accounts (archived ones included, with balance and P&L %). An unknown id, or one that is not the caller’s, answers not_found.',
    ...KEY_READ,
    input: GetChallengeInput,
    output: ChallengeDetailSchema,
    rest: { method: 'GET', path: '/challenges/:id' },
    run: async (ctx, input) => services.challenges.get(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'create_challenge',
    title: 'Record a challenge purchase',
    description: `Records a prop-firm challenge the caller bought: firm, plan (with account size) and price are required; currency defaults to USD, phase to "Phase 1", billing to one_time (for monthly, price is the monthly fee), purchasedAt to today. Starts in_progress and returns the new challenge with its id. Send an Idempotency-Key header when retrying. ${NO_DELETE}`,
    ...KEY_CREATE,
    input: CreateChallengeInput,
    output: ChallengeSchema,
    rest: { method: 'POST', path: '/challenges', status: 201 },
    run: async (ctx, input) => services.challenges.create(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'update_challenge',
    title: 'Update a challenge',
    description: `Changes one or more of phase, status, paymentMethod, passedAt and monthlyEndedAt. A new phase, or status failed (a breach), archives every EA account linked to the challenge in the same transaction (listed in archivedAccounts); setting the phase it already has changes nothing. passedAt on an in-progress challenge also marks it passed. A failed challenge is closed: any change but monthlyEndedAt (the day its monthly subscription was cancelled) answers 409 challenge_closed. monthlyEndedAt applies to monthly plans only; no date may be in the future or before the purchase date. Returns the challenge and the fields that changed. ${NO_DELETE}`,
    ...KEY_IDEMPOTENT_WRITE,
    input: UpdateChallengeInput,
    output: ChallengeUpdateSchema,
    rest: { method: 'PATCH', path: '/challenges/:id' },
    run: async (ctx, input) => services.challengeUpdates.update(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'add_memo',
    title: 'Add a memo to a challenge',
    description: `Attaches a note (plain text) to one of the caller's challenges, failed ones included, e.g. lessons from a breach or the reason for a phase change. Returns the memo. ${NO_DELETE}`,
    ...KEY_CREATE,
    input: AddMemoInput,
    output: MemoSchema,
    rest: { method: 'POST', path: '/challenges/:challengeId/memos', status: 201 },
    run: async (ctx, input) => services.memos.add(callerOf(ctx), input),
  }),
];
