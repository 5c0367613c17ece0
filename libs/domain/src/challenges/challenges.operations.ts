import { defineOperation, type Operation } from '@propfolio/core';
import { AddMemoInput, CreateChallengeInput, GetChallengeInput, ListChallengesInput, UpdateChallengeInput } from './challenges.inputs.js';
import {
  ChallengeDetailSchema,
  ChallengePageSchema,
  CreatedChallengeSchema,
  ChallengeUpdateSchema,
  MemoSchema,
} from './challenges.outputs.js';
import type { ChallengeService } from './challenges.service.js';
import { callerOf, KEY_CREATE, KEY_IDEMPOTENT_WRITE, KEY_READ } from '../shared/operation-flags.js';

/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface ChallengesOperationServices {
  challenges: ChallengeService;
}

export const challengeOperations = (services: ChallengesOperationServices): Operation[] => [
  defineOperation({
    name: 'list_challenges',
    title: 'List challenges',
    description: 'Lists your challenges, newest first: firm, plan, phase, status, price, dates.',
    ...KEY_READ,
    input: ListChallengesInput,
    output: ChallengePageSchema,
    rest: { method: 'GET', path: '/challenges' },
    run: async (ctx, input) => services.challenges.list(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'get_challenge',
    title: 'Get a challenge',
    description: 'Returns one challenge with its memos, payouts and linked EA accounts (archived too).',
    ...KEY_READ,
    input: GetChallengeInput,
    output: ChallengeDetailSchema,
    rest: { method: 'GET', path: '/challenges/:id' },
    run: async (ctx, input) => services.challenges.get(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'create_challenge',
    title: 'Record a challenge',
    description:
      'Records a bought challenge, or a paid reset of a breached one (resetOf). Returns it; planLink: the catalog plan linked, or candidates.',
    ...KEY_CREATE,
    input: CreateChallengeInput,
    output: CreatedChallengeSchema,
    rest: { method: 'POST', path: '/challenges', status: 201 },
    run: async (ctx, input) => services.challenges.create(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'update_challenge',
    title: 'Update a challenge',
    description:
      'Records a phase change, pass, breach, payment method, monthly plan end or catalog plan; a failed one takes only monthlyEndedAt. Returns it, the changes, accounts archived.',
    ...KEY_IDEMPOTENT_WRITE,
    input: UpdateChallengeInput,
    output: ChallengeUpdateSchema,
    rest: { method: 'PATCH', path: '/challenges/:id' },
    run: async (ctx, input) => services.challenges.update(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'add_memo',
    title: 'Add a memo',
    description: 'Attaches a note to a challenge (failed ones too). Returns it.',
    ...KEY_CREATE,
    input: AddMemoInput,
    output: MemoSchema,
    rest: { method: 'POST', path: '/challenges/:challengeId/memos', status: 201 },
    run: async (ctx, input) => services.challenges.addMemo(callerOf(ctx), input),
  }),
];
