import type { Caller, Operation } from './operation.js';

/** Who may run what: the messages and the scope rule every front door and operation shares. */
export const KEY_NEEDED_MESSAGE =
  'This operation needs an API key (Authorization: Bearer eakey_…). Get one from the EA integration on the ' +
  'P&L page of the web dashboard, or locally with `npm run keys -- create --user <name>`.';

export const TRACKER_SCOPE_MESSAGE =
  'This API key has the tracker scope: it may only register EA accounts and push their daily reports. ' +
  'Use a key with full scope (EA integration on the P&L page of the web dashboard) for anything else.';

/** Whether this caller's credential scope allows the operation (public operations are open to all). */
export function mayRun(caller: Caller | null, operation: Operation): boolean {
  return operation.auth === 'public' || caller?.scope === 'full' || (caller?.scope === 'tracker' && operation.tracker === true);
}

/** Resolves a raw API key to its caller, or throws AppError `invalid_token`. */
export type Authenticator = (rawKey: string) => Promise<Caller>;
