/**
 * Wire shapes of the ledger and analytics operations (libs/domain/src/{ledger,analytics}): costs, payout
 * details, the challenge history, get_analytics and get_tax_year answers. Each is an alias of the types
 * generated from the committed OpenAPI document of /app/api (see types.ts), never a hand-written copy.
 */
import type { AppAnswer, ChallengeDetail } from './types.js';

/** The whole get_challenge answer: the challenge with its purchase ledger, payouts, costs, history, plan link. */
export type LedgerChallengeDetail = ChallengeDetail;
export type Cost = AppAnswer<'/app/api/challenges/{id}/costs', 'post'>;
export type CostKind = Cost['kind'];
/** A payout with its details (status, gross, split, method, typed rate) as a challenge's detail lists it. */
export type LedgerPayout = LedgerChallengeDetail['payouts'][number];
export type PayoutStatus = LedgerPayout['status'];
export type HistoryEntry = LedgerChallengeDetail['history'][number];

/**
 * The choices of the cost and payout forms, in the order the forms show them (client-only lists). Written as
 * records over the generated enums, so a kind the server adds or drops fails the typecheck here.
 */
const COST_KIND_CHOICES: Record<CostKind, true> = {
  reset_fee: true,
  activation_fee: true,
  addon: true,
  data_fee: true,
  refund: true,
  other: true,
};
export const COST_KINDS = Object.keys(COST_KIND_CHOICES) as CostKind[];
const PAYOUT_STATUS_CHOICES: Record<PayoutStatus, true> = { requested: true, paid: true, denied: true };
export const PAYOUT_STATUSES = Object.keys(PAYOUT_STATUS_CHOICES) as PayoutStatus[];

export type Analytics = AppAnswer<'/app/api/me/analytics', 'get'>;
export type MoneyRow = Analytics['totals'][number];
export type Funnel = Analytics['funnel'];
export type FirmRow = Analytics['firms'][number];
export type MonthRow = Analytics['monthly'][number];
export type RefundDue = Analytics['refundsDue'][number];
export type Conversions = NonNullable<Analytics['conversions']>;

export type TaxYear = AppAnswer<'/app/api/me/tax-year/{year}', 'get'>;
