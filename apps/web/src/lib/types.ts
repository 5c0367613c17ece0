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
export type Challenge = AppAnswer<'/app/api/challenges', 'post'>;
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export type Memo = AppAnswer<'/app/api/challenges/{challengeId}/memos', 'post'>;
export type PayoutList = AppAnswer<'/app/api/payouts', 'get'>;
export type Payout = PayoutList['items'][number];
export type Account = AppAnswer<'/app/api/accounts', 'get'>['items'][number];
export type ChallengeDetail = AppAnswer<'/app/api/challenges/{id}', 'get'>;
export type ChallengeUpdate = AppAnswer<'/app/api/challenges/{id}', 'patch'>;
export type Summary = AppAnswer<'/app/api/me/summary', 'get'>;
export type DailyPnl = AppAnswer<'/app/api/accounts/{id}/daily-pnl', 'get'>;
export type ApiKey = AppAnswer<'/app/api/keys', 'get'>['items'][number];
export type Scope = ApiKey['scope'];
export type TrashEntry = AppAnswer<'/app/api/trash', 'get'>['items'][number];
export type AdminUser = AppAnswer<'/app/api/admin/users', 'get'>['items'][number];
export type Invite = AppAnswer<'/app/api/admin/invites', 'get'>['items'][number];
export interface Plan {
  id: string;
  firm: { slug: string; name: string };
  program: string;
  phases: number;
  /** null for plans without a fixed size (e.g. scaling programmes). */
  accountSize: number | null;
  currency: string;
  billing: Billing;
  /** null when the source gave no list price (the catalog contract's Nullable price). */
  price: number | null;
  priceNote: string;
  rules: PlanRules;
  checkedOn: string;
  ageDays: number;
  stale: boolean;
  sourceUrl: string | null;
}
/** The part of a plan's rules the dashboard shows ('none': the firm has no such rule; null: unknown). */
export interface PlanRules {
  profitTargetsPercent: (number | null)[] | null;
  dailyLoss: 'none' | { percent: number | null } | null;
  maxLoss: 'none' | { percent: number | null } | null;
  minTradingDays?: { days: number | null } | null;
  consistency?: 'none' | { bestDayMaxPercent: number; of: string } | null;
  timeLimit?: 'none' | { days: number } | null;
  profitSplit?: { percent: number | null } | null;
  eaPolicy?: 'allowed' | 'restricted' | 'banned' | null;
  newsTrading?: 'allowed' | 'restricted' | 'banned' | null;
  weekendHolding?: 'allowed' | 'banned' | null;
  other?: string[];
}
/** GET /api/v1/plans/:id/prices: newest first, each price in force from its checkedOn until the next entry. */
export interface PlanPriceHistory extends Page<{ price: number | null; currency: string; checkedOn: string }> {
  planId: string;
}
/** GET /api/v1/plans?detail=full: one whole row per plan (size). */
export interface PlanSearch extends Page<Plan> {
  suggestions?: string[];
}
/** One program of a firm with its sizes (GET /api/v1/plans, the default `programs` answer). */
export interface PlanProgram {
  firm: { slug: string; name: string };
  program: string;
  phases: number;
  currency: string;
  billing: Billing;
  sizes: { id: string; accountSize: number | null; price: number | null; deferredFee?: number }[];
  rules: PlanRules;
  checkedOn: string;
  ageDays: number;
  stale: boolean;
  sourceUrl: string | null;
  notes: string | null;
}
export interface PlanPrograms {
  priceNote?: string;
  programs: PlanProgram[];
  nextCursor: string | null;
  suggestions?: string[];
}
export interface ArticleHit {
  slug: string;
  title: string;
  summary: string;
  snippet: string | null;
  tags: string[];
  language: 'ja' | 'en';
  checkedOn: string;
  publishedAt: string;
}
export interface Article {
  slug: string;
  title: string;
  summary: string;
  body: string;
  tags: string[];
  language: 'ja' | 'en';
  checkedOn: string;
  publishedAt: string;
}
