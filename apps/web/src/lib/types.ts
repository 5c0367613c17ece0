/**
 * Wire shapes of /app/api and /api/v1, aliases of the types generated from the committed OpenAPI documents
 * (docs/openapi, `generate` target): no hand-written copy of an answer, so a server change that the web app
 * does not follow fails its typecheck. Only names for the parts the pages use are declared here.
 */
import type { JsonAnswer } from '@propfolio/core/openapi';
import type { paths as DashboardPaths } from '../generated/dashboard-api';
import type { paths as RestPaths } from '../generated/rest-api';

/** The JSON answer of `method path` on /app/api. */
export type AppAnswer<P extends keyof DashboardPaths, M extends Exclude<keyof DashboardPaths[P], 'parameters'>> = JsonAnswer<
  DashboardPaths[P][M]
>;
/** The JSON answer of `method path` on /api/v1. */
export type PubAnswer<P extends keyof RestPaths, M extends Exclude<keyof RestPaths[P], 'parameters'>> = JsonAnswer<RestPaths[P][M]>;

export type Session = AppAnswer<'/app/api/auth/sign-in', 'post'>;
/** The rules of the service the pages act on (trash retention, which changes archive EA accounts). */
export type ServiceRules = Session['rules'];
export type Status = Challenge['status'];
export type Billing = Challenge['billing'];
export type CurrencyAmount = Summary['spent'][number];
/** A challenge as lists and details show it (the create answer adds `planLink`, what the purchase linked). */
export type Challenge = AppAnswer<'/app/api/challenges', 'get'>['items'][number];
export type Memo = AppAnswer<'/app/api/challenges/{challengeId}/memos', 'post'>;
export type PayoutList = AppAnswer<'/app/api/payouts', 'get'>;
export type Payout = PayoutList['items'][number];
export type Account = AppAnswer<'/app/api/accounts', 'get'>['items'][number];
export type ChallengeDetail = AppAnswer<'/app/api/challenges/{id}', 'get'>;
export type Summary = AppAnswer<'/app/api/me/summary', 'get'>;
export type DailyPnl = AppAnswer<'/app/api/accounts/{id}/daily-pnl', 'get'>;
export type ApiKey = AppAnswer<'/app/api/keys', 'get'>['items'][number];
export type Scope = ApiKey['scope'];
export type AdminUser = AppAnswer<'/app/api/admin/users', 'get'>['items'][number];
/** GET /api/v1/plans: `programs` by default, `items` (one whole row per plan size) with `detail=full`. */
export type PlanSearch = PubAnswer<'/api/v1/plans', 'get'>;
export type Plan = NonNullable<PlanSearch['items']>[number];
/** One program of a firm with its sizes (the default `programs` answer). */
export type PlanProgram = NonNullable<PlanSearch['programs']>[number];
/** The rules every plan answer carries (a `full` row adds `deferredFee` and `otherSources`). */
export type PlanRules = PlanProgram['rules'];
