import { defineOperation, type Operation } from '@propfolio/core';
import type { UserService } from './users.service.js';
import { callerOf, KEY_IDEMPOTENT_WRITE } from '../shared/operation-flags.js';
import { toUserView } from './user-view.js';
import { UpdateMeInput } from './users.inputs.js';
import { MeSchema } from './users.outputs.js';

/** The caller's own profile: the language alerts are worded in, as the dashboard's language switch sets it. */
/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface UsersOperationServices {
  users: UserService;
}

export const userOperations = (services: UsersOperationServices): Operation[] => [
  defineOperation({
    name: 'update_me',
    title: 'Set your language',
    description: 'Sets the language of your alerts, e-mails and dashboard. Returns your profile.',
    ...KEY_IDEMPOTENT_WRITE,
    input: UpdateMeInput,
    output: MeSchema,
    rest: { method: 'PATCH', path: '/me' },
    run: async (ctx, input) => {
      const view = toUserView(await services.users.updateProfile(callerOf(ctx).userId, { language: input.language }));
      return { name: view.name, language: view.language };
    },
  }),
];
