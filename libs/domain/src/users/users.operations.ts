import { defineOperation, type Operation } from '@propfolio/core';
import { type DomainServices } from '../services.js';
import { callerOf, KEY_IDEMPOTENT_WRITE } from '../shared/operation-flags.js';
import { toUserView } from './user-view.js';
import { UpdateMeInput } from './users.inputs.js';
import { MeSchema } from './users.outputs.js';

/** The caller's own profile: the language alerts are worded in, as the dashboard's language switch sets it. */
export const userOperations = (services: DomainServices): Operation[] => [
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
