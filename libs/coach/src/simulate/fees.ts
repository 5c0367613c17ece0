/**
 * Expected fees until a pass, on the geometric model: with a pass chance p per attempt, attempts
 * follow a geometric law with mean 1/p; the first costs the price, each further one the reset fee
 * (the price when there is none). A fee refunded with the first payout is recovered only with the
 * chance of reaching that payout; the refunded fee is the one of the attempt that passed.
 */
import { Decimal, num } from '../shared/money.js';

export interface Fees {
  /** Price of the first attempt. */
  price: number;
  /** Price of each further attempt (a reset or a new purchase); the price when absent. */
  resetFee?: number | null;
  /** Whether the passing attempt's fee is refunded with the first payout. */
  refundOnFirstPayout: boolean;
  /** Chance of reaching that first payout once funded (0 to 1); needed to count a refund. */
  firstPayoutProbability?: number | null;
}

export interface ExpectedFees {
  /** Expected fees paid until a pass. */
  gross: number;
  /** Expected refund recovered with the first payout (0 without a refund). */
  expectedRefund: number | null;
  /** gross − expectedRefund; null when the refund cannot be valued. */
  net: number | null;
}

export function expectedFees(fees: Fees | null | undefined, p: number): { value: ExpectedFees | null; note: string | null } {
  if (!fees) return { value: null, note: 'no fees were given' };
  if (p <= 0) return { value: null, note: 'no simulated path passed, so the expected number of attempts (1/p) is unbounded' };
  const pd = new Decimal(p);
  const price = new Decimal(fees.price);
  const reset = new Decimal(fees.resetFee ?? fees.price);
  const attempts = new Decimal(1).div(pd);
  const gross = price.plus(attempts.minus(1).times(reset));
  if (!fees.refundOnFirstPayout) return { value: { gross: num(gross), expectedRefund: 0, net: num(gross) }, note: null };
  if (fees.firstPayoutProbability == null) {
    return { value: { gross: num(gross), expectedRefund: null, net: null }, note: 'the refund needs firstPayoutProbability to be valued' };
  }
  const passingFee = pd.times(price).plus(new Decimal(1).minus(pd).times(reset));
  const refund = passingFee.times(fees.firstPayoutProbability);
  return { value: { gross: num(gross), expectedRefund: num(refund), net: num(gross.minus(refund)) }, note: null };
}
