/**
 * Wire shapes of the ledger and analytics operations (libs/domain/src/{ledger,analytics}): costs,
 * payout details, the challenge history, get_analytics and get_tax_year answers.
 */
import type { Challenge, ChallengeDetail, Payout } from './types.js';

export const COST_KINDS = ['reset_fee', 'activation_fee', 'addon', 'data_fee', 'refund', 'other'] as const;
export type CostKind = (typeof COST_KINDS)[number];
export const PAYOUT_STATUSES = ['requested', 'paid', 'denied'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

interface TypedRate {
  fxRate: number | null;
  fxCurrency: string | null;
}

interface PurchaseLedger extends TypedRate {
  listPrice: number | null;
  couponCode: string | null;
  planId: string | null;
  resetOf: string | null;
}

export interface Cost extends TypedRate {
  id: string;
  challengeId: string;
  kind: CostKind;
  amount: number;
  currency: string;
  date: string;
  note: string | null;
  createdAt: string;
}

interface PayoutDetails extends TypedRate {
  status: PayoutStatus;
  deniedReason: string | null;
  grossAmount: number | null;
  splitPercent: number | null;
  method: string | null;
}
export type LedgerPayout = Payout & PayoutDetails;

export interface HistoryEntry {
  date: string;
  phase: string;
  status: Challenge['status'];
}

interface CatalogPlanLink {
  id: string;
  firm: string;
  program: string;
  phases: number;
  listPrice: number | null;
  currency: string;
  checkedOn: string;
  rules: unknown;
}

export interface LedgerChallengeDetail extends Omit<ChallengeDetail, 'challenge' | 'payouts'> {
  challenge: Challenge & PurchaseLedger;
  payouts: LedgerPayout[];
  costs: Cost[];
  history: HistoryEntry[];
  catalogPlan: CatalogPlanLink | null;
  resets: string[];
}

export interface MoneyRow {
  currency: string;
  spent: number;
  refunded: number;
  withdrawn: number;
  net: number;
  roi: number | null;
}
interface Step {
  count: number;
  rate: number | null;
}
export interface Funnel {
  attempts: number;
  inProgress: number;
  phases: { step: number; reached: number; passed: number; passRate: number | null }[];
  funded: Step;
  firstPayout: Step;
  breached: Step;
}
export interface FirmRow {
  firm: string;
  attempts: number;
  funded: number;
  breached: number;
  passRate: number | null;
  medianDaysToPass: number | null;
  daysSinceLastPayout: number | null;
  avgDaysBetweenPayouts: number | null;
  money: MoneyRow[];
}
export interface MonthRow {
  month: string;
  currency: string;
  spent: number;
  refunded: number;
  withdrawn: number;
  net: number;
}
export interface RefundDue {
  challengeId: string;
  firm: string;
  plan: string;
  trigger: string;
  amount: number;
  currency: string;
}
export interface Conversions {
  base: string;
  rates: { date: string; currency: string; rate: number; source: 'typed' | 'imported' }[];
  missing: { date: string; currency: string; amount: number; kind: string; challengeId: string }[];
}
export interface Analytics {
  period: { from: string | null; to: string };
  firm: string | null;
  totals: MoneyRow[];
  funnel: Funnel;
  firms: FirmRow[];
  monthly: MonthRow[];
  refundsDue: RefundDue[];
  conversions: Conversions | null;
}

interface TaxLine {
  date: string;
  type: 'income' | 'expense';
  kind: string;
  firm: string;
  plan: string;
  challengeId: string;
  amount: number;
  currency: string;
  rate: number | null;
  rateSource: 'same_currency' | 'typed' | 'imported' | null;
  converted: number | null;
}
interface Sums {
  income: number;
  expenses: number;
  net: number;
}
export interface TaxYear {
  year: number;
  currency: string;
  complete: boolean;
  missingRates: number;
  totals: Sums;
  byMonth: (Sums & { month: string })[];
  lines: TaxLine[];
  note: { ja: string; en: string };
  source: { article: string; path: string };
  csv?: string;
}

export interface FxImport {
  imported: number;
  pairs: string[];
  from: string;
  to: string;
}
