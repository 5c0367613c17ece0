/** Wire shapes of /app/api and /api/v1 (see /work/plan/dashboard-api.md and libs/domain schemas). */
interface User {
  id: string;
  email: string;
  name: string | null;
  language: 'ja' | 'en';
  admin: boolean;
  createdAt: string;
}
export interface Session {
  user: User;
  csrfToken: string;
}
export type Status = 'in_progress' | 'passed' | 'failed';
export type Billing = 'one_time' | 'monthly';
export interface CurrencyAmount {
  currency: string;
  amount: number;
}
export interface Challenge {
  id: string;
  firm: string;
  plan: string;
  phase: string;
  status: Status;
  billing: Billing;
  price: number;
  currency: string;
  paymentMethod: string | null;
  purchasedAt: string;
  passedAt: string | null;
  failedAt: string | null;
  monthlyEndedAt: string | null;
  daysSincePurchase: number;
  createdAt: string;
  updatedAt: string;
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export interface Memo {
  id: string;
  challengeId: string;
  content: string;
  createdAt: string;
}
export interface Payout {
  id: string;
  challengeId: string;
  firm: string;
  plan: string;
  amount: number;
  currency: string;
  date: string;
  createdAt: string;
}
export interface PayoutList extends Page<Payout> {
  totals: CurrencyAmount[];
}
export interface Account {
  id: string;
  name: string | null;
  login: string;
  server: string;
  currency: string;
  initialBalance: number;
  balance: number;
  equity: number;
  pnl: number;
  pnlPercent: number;
  lastReportOn: string | null;
  archived: boolean;
  archivedAt: string | null;
  archivedReason: string | null;
  challenge: { id: string; firm: string; plan: string; phase: string } | null;
  createdAt: string;
}
export interface ChallengeDetail {
  challenge: Challenge;
  memos: Memo[];
  payouts: Payout[];
  accounts: Account[];
}
export interface ChallengeUpdate {
  challenge: Challenge;
  changed: string[];
  archivedAccounts: { id: string; login: string; server: string }[];
}
export interface Summary {
  counts: { in_progress: number; passed: number; failed: number; total: number };
  /** Purchases, fees and resets: what Analytics calls spent. */
  spent: CurrencyAmount[];
  refunded: CurrencyAmount[];
  withdrawn: CurrencyAmount[];
  /** withdrawn + refunded − spent, the same definition as Analytics. */
  net: CurrencyAmount[];
  activeChallenges: { id: string; firm: string; plan: string; phase: string; purchasedAt: string; daysSincePurchase: number }[];
}
export interface DailyPnl {
  accountId: string;
  currency: string;
  from: string;
  to: string;
  reportedDays: number;
  closedPnlTotal: number;
  days: { date: string; reported: boolean; balance: number | null; equity: number | null; closedPnl: number | null }[];
}
export type Scope = 'full' | 'tracker';
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scope: Scope;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
export interface TrashEntry {
  id: string;
  kind: 'challenge' | 'memo' | 'payout' | 'account';
  label: string;
  deletedAt: string;
  purgeAfter: string;
  contents: { memos: number; payouts: number; accounts: number; reports: number };
}
export interface AdminUser {
  id: string;
  email: string;
  name: string | null;
  admin: boolean;
  disabledAt: string | null;
  createdAt: string;
  keys: number;
}
export interface Invite {
  id: string;
  email: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}
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
