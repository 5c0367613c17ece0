import type { Caller, Operation } from './operation.js';

/** Who may run what: the messages and the scope rule every front door and operation shares. */
export const KEY_NEEDED_MESSAGE =
  'This operation needs an API key (Authorization: Bearer eakey_…). Get one from the EA integration on the ' +
  'P&L page of the web dashboard, or locally with `npm run keys -- create --user <name>`.';

export const TRACKER_SCOPE_MESSAGE =
  // Names every operation marked `tracker: true`, so a caller refused here learns what the key is for.
  'This API key has the tracker scope: it may only look up and register EA accounts (find_account, register_account), ' +
  'push their intraday snapshots, daily reports and closed positions (push_account_snapshot, push_account_report, ' +
  'push_account_positions) and read their guard (get_account_guard). ' +
  'Use a key with full scope (EA integration on the P&L page of the web dashboard) for anything else.';

/** Whether this caller's credential scope allows the operation (public operations are open to all). */
export function mayRun(caller: Caller | null, operation: Operation): boolean {
  return operation.auth === 'public' || caller?.scope === 'full' || (caller?.scope === 'tracker' && operation.tracker === true);
}

/** Resolves a raw API key to its caller, or throws AppError `invalid_token`. */
export type Authenticator = (rawKey: string) => Promise<Caller>;
