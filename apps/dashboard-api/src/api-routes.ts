import type { TSchema } from 'typebox';
import type { Constructor } from '@propfolio/core';
import { TradeScreenshotInput } from '@propfolio/domain';
import {
  AdminUserListSchema,
  DeletedSchema,
  InviteListSchema,
  KeyAnswerSchema,
  KeyListSchema,
  MeSchema,
  NewInviteSchema,
  NewKeySchema,
  NewPasswordResetSchema,
  RestoredSchema,
  SessionSchema,
  SetupNeededSchema,
  TrashListSchema,
  UserStateSchema,
} from './answers.js';
import {
  IdParams,
  NewInviteInput,
  NewKeyInput,
  PasswordResetInput,
  ProfileInput,
  SetupInput,
  SignInInput,
  SignUpInput,
} from './contracts.js';

/**
 * Every route of the dashboard's own API (besides the record routes, which are the operations at their
 * /api/v1 paths): where it is, who may call it, its input contract and its answer. The routers register
 * each route from its entry here and the OpenAPI document of /app/api is built from the same entries;
 * test/openapi.spec.ts fails when the routers serve a route this table does not list.
 */
export interface DashboardRoute {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Express path under /app/api. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  /** `public`: anyone (a session is used when there is one); `session`: signed in; `admin`: signed-in administrator. */
  access: 'public' | 'session' | 'admin';
  /** The contract of its path parameters and body; none for a route that reads neither. */
  input?: Constructor<object>;
  status: number;
  /** The answer's schema; none for 204. */
  answer?: TSchema;
  /** Problems this route answers besides the ones every route may (400, 401, 403, 429), by status. */
  problems?: Record<string, string>;
}

const route = (entry: DashboardRoute): DashboardRoute => entry;

/** A record deleted into the trash (only here, never over /api/v1 or MCP). */
const deletion = (collection: string, what: string) =>
  route({
    method: 'delete',
    path: `/${collection}/:id`,
    operationId: `delete_${what}`,
    summary: `Delete a ${what} into the trash`,
    description: `Moves the ${what} and what depends on it into the trash, where it can be restored until its \`purgeAfter\`.`,
    access: 'session',
    input: IdParams,
    status: 200,
    answer: DeletedSchema,
    problems: { '404': 'Unknown id (or another user’s)' },
  });

const userAction = (action: 'disable' | 'enable') =>
  route({
    method: 'post',
    path: `/admin/users/:id/${action}`,
    operationId: `${action}_user`,
    summary: action === 'disable' ? 'Disable a user' : 'Enable a user',
    description:
      action === 'disable'
        ? 'Stops the user’s sessions and keys at once; they cannot sign in until enabled. An administrator cannot disable themself (409).'
        : 'Lets a disabled user sign in again (their keys work again).',
    access: 'admin',
    input: IdParams,
    status: 200,
    answer: UserStateSchema,
    problems: { '404': 'Unknown user', ...(action === 'disable' ? { '409': 'Your own account' } : {}) },
  });

export const DASHBOARD_ROUTES = {
  setupState: route({
    method: 'get',
    path: '/setup',
    operationId: 'get_setup_state',
    summary: 'Whether the first-run setup is pending',
    description: 'True while the one-time setup link printed at the first start is unused and valid.',
    access: 'public',
    status: 200,
    answer: SetupNeededSchema,
  }),
  setup: route({
    method: 'post',
    path: '/setup',
    operationId: 'complete_setup',
    summary: 'Set the local owner’s email and password',
    description: 'Uses the one-time setup link: sets the owner’s email and password and signs them in (a session cookie).',
    access: 'public',
    input: SetupInput,
    status: 200,
    answer: SessionSchema,
    problems: { '403': 'The setup link is unknown, used or expired (forbidden)', '409': 'Email taken' },
  }),
  passwordReset: route({
    method: 'post',
    path: '/auth/password-reset',
    operationId: 'complete_password_reset',
    summary: 'Set a new password with a reset link',
    description: 'Uses an administrator’s one-time reset link: sets the new password, ends every other session, signs in.',
    access: 'public',
    input: PasswordResetInput,
    status: 200,
    answer: SessionSchema,
    problems: { '403': 'The reset link is unknown, used or expired (forbidden)' },
  }),
  signUp: route({
    method: 'post',
    path: '/auth/sign-up',
    operationId: 'sign_up',
    summary: 'Create an account and sign in',
    description: 'With an invite token, or without one where sign-ups are open (SIGNUP=open, limited per client address).',
    access: 'public',
    input: SignUpInput,
    status: 201,
    answer: SessionSchema,
    problems: {
      '400': 'An invite that is unknown, used, expired or for another email (invite_invalid)',
      '403': 'Sign-up by invitation only (signup_closed)',
      '409': 'Email taken',
    },
  }),
  signIn: route({
    method: 'post',
    path: '/auth/sign-in',
    operationId: 'sign_in',
    summary: 'Sign in',
    description: 'Starts a session (cookie) for the email and password; any wrong part answers 401 invalid_credentials.',
    access: 'public',
    input: SignInInput,
    status: 200,
    answer: SessionSchema,
    problems: { '401': 'Wrong email or password, or a disabled account (invalid_credentials)' },
  }),
  signOut: route({
    method: 'post',
    path: '/auth/sign-out',
    operationId: 'sign_out',
    summary: 'Sign out',
    description: 'Ends this session.',
    access: 'session',
    status: 204,
  }),
  signOutEverywhere: route({
    method: 'post',
    path: '/auth/sign-out-everywhere',
    operationId: 'sign_out_everywhere',
    summary: 'Sign out everywhere',
    description: 'Ends every session of the signed-in user (API keys keep working).',
    access: 'session',
    status: 204,
  }),
  me: route({
    method: 'get',
    path: '/me',
    operationId: 'get_session',
    summary: 'The session state',
    description:
      'Signed out is an answer here (`signedIn: false`), not an error. Signed in: the user, the CSRF token and the service’s rules.',
    access: 'public',
    status: 200,
    answer: MeSchema,
  }),
  updateProfile: route({
    method: 'patch',
    path: '/me',
    operationId: 'update_profile',
    summary: 'Change your name or language',
    description: 'Changes the signed-in user’s display name or language.',
    access: 'session',
    input: ProfileInput,
    status: 200,
    answer: SessionSchema,
  }),
  listKeys: route({
    method: 'get',
    path: '/keys',
    operationId: 'list_keys',
    summary: 'Your API keys',
    description: 'The signed-in user’s keys with their last use; never a secret.',
    access: 'session',
    status: 200,
    answer: KeyListSchema,
  }),
  createKey: route({
    method: 'post',
    path: '/keys',
    operationId: 'create_key',
    summary: 'Issue an API key',
    description: 'Issues a key for the signed-in user; its secret is in this answer only.',
    access: 'session',
    input: NewKeyInput,
    status: 201,
    answer: NewKeySchema,
    problems: { '409': 'Too many active keys' },
  }),
  revokeKey: route({
    method: 'post',
    path: '/keys/:id/revoke',
    operationId: 'revoke_key',
    summary: 'Revoke an API key',
    description: 'The key stops working at once (within 5 seconds on other instances). Revoking twice is not an error.',
    access: 'session',
    input: IdParams,
    status: 200,
    answer: KeyAnswerSchema,
    problems: { '404': 'Unknown id (or another user’s)' },
  }),
  deleteChallenge: deletion('challenges', 'challenge'),
  deleteMemo: deletion('memos', 'memo'),
  deletePayout: deletion('payouts', 'payout'),
  deleteAccount: deletion('accounts', 'account'),
  removeAlertChannel: route({
    method: 'delete',
    path: '/alert-channels/:id',
    operationId: 'remove_alert_channel',
    summary: 'Remove an alert channel',
    description:
      'Removes the channel with its sealed secret, its queued messages and its delivery log. Not into the trash: a channel is a setting holding a token, not part of the trading history, so it is added again rather than restored.',
    access: 'session',
    input: IdParams,
    status: 204,
    problems: { '404': 'Unknown id (or another user’s)' },
  }),
  // Deleted outright, not into the trash: a screenshot is a picture the trader still has (they uploaded it from
  // their own files), and the trash keeps records as JSON snapshots, where 2 MiB of image would weigh on every
  // entry. Its trade's trash keeps it instead: an account deleted with its trades keeps their screenshots for a restore.
  deleteTradeScreenshot: route({
    method: 'delete',
    path: '/trades/:id/screenshots/:screenshotId',
    operationId: 'delete_trade_screenshot',
    summary: 'Delete a screenshot of a trade',
    description:
      'Deletes the screenshot for good (not into the trash: the picture is the trader’s own file, added again rather than restored).',
    access: 'session',
    input: TradeScreenshotInput,
    status: 204,
    problems: { '404': 'Unknown trade or screenshot (or another user’s)' },
  }),
  listTrash: route({
    method: 'get',
    path: '/trash',
    operationId: 'list_trash',
    summary: 'The trash',
    description: 'Deleted records that can still be restored.',
    access: 'session',
    status: 200,
    answer: TrashListSchema,
  }),
  restore: route({
    method: 'post',
    path: '/trash/:id/restore',
    operationId: 'restore_from_trash',
    summary: 'Restore a deleted record',
    description: 'Puts the record and what went with it back, with the same ids.',
    access: 'session',
    input: IdParams,
    status: 200,
    answer: RestoredSchema,
    problems: { '404': 'Unknown or purged entry', '409': 'The record cannot come back (e.g. its challenge is gone)' },
  }),
  listUsers: route({
    method: 'get',
    path: '/admin/users',
    operationId: 'list_users',
    summary: 'Every user',
    description: 'Every user with their active key count.',
    access: 'admin',
    status: 200,
    answer: AdminUserListSchema,
  }),
  disableUser: userAction('disable'),
  enableUser: userAction('enable'),
  issuePasswordReset: route({
    method: 'post',
    path: '/admin/users/:id/password-reset',
    operationId: 'issue_password_reset',
    summary: 'Issue a password-reset link',
    description: 'A one-time link for the user to set a new password; an earlier unused link of theirs stops working.',
    access: 'admin',
    input: IdParams,
    status: 201,
    answer: NewPasswordResetSchema,
    problems: { '404': 'Unknown user' },
  }),
  listInvites: route({
    method: 'get',
    path: '/admin/invites',
    operationId: 'list_invites',
    summary: 'Invites',
    description: 'The latest 200 invites, used or not.',
    access: 'admin',
    status: 200,
    answer: InviteListSchema,
  }),
  createInvite: route({
    method: 'post',
    path: '/admin/invites',
    operationId: 'create_invite',
    summary: 'Create an invite link',
    description: 'A single-use sign-up link, optionally bound to one email address.',
    access: 'admin',
    input: NewInviteInput,
    status: 201,
    answer: NewInviteSchema,
  }),
} as const;
