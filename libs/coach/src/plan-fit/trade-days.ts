/**
 * fit_plans' `trades` method: what a drawn day carries from its trades. A day is drawn whole, its trades together,
 * so the draws are the block method's; the trades give each day its dip and its largest single-trade loss.
 *
 * The dip: the trades one after another in the order they opened, each at its worst (its adverse excursion, or its
 * loss when that is unknown) on top of the profit the trades before it closed; the deeper of that and the day's
 * given low, and never above the day's close or 0. Trades open together are taken one after another (their timing
 * inside the day is not sent), which is optimistic, as in the replay.
 */
import { CoachInputError } from '../shared/errors.js';
import type { FitTrade } from './types.js';

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function check(ok: boolean, field: string, message: string): void {
  if (!ok) throw new CoachInputError(`${field}: ${message}`, field);
}

export interface TradeDays {
  /** Each day's low against its start, % of the initial balance (at most 0 and at most the close). */
  lows: number[];
  /** Each day's largest loss of one trade (at least 0). */
  tradeLoss: Float64Array;
}

export function tradeDays(
  series: readonly number[],
  trades: readonly (readonly FitTrade[])[] | undefined,
  given: readonly (number | null)[] | undefined,
): TradeDays {
  check(
    Array.isArray(trades) && Array.isArray(series) && trades.length === series.length,
    'dailyTrades',
    'method "trades" needs one list of trades (empty for none) per day of dailyPnlPercent',
  );
  const list = trades as readonly (readonly FitTrade[])[];
  const tradeLoss = new Float64Array(series.length);
  const lows = series.map((close, i) => {
    const day = list[i];
    check(Array.isArray(day), `dailyTrades[${i}]`, 'give a list of trades');
    let closed = 0;
    let low = Math.min(0, close, given?.[i] ?? 0);
    let worst = 0;
    (day as readonly unknown[]).forEach((raw, j) => {
      const f = `dailyTrades[${i}][${j}]`;
      check(typeof raw === 'object' && raw !== null, f, 'give the trade’s profitPercent');
      const t = raw as FitTrade;
      check(finite(t.profitPercent) && Math.abs(t.profitPercent) <= 100, `${f}.profitPercent`, 'must be a number from -100 to 100');
      const mae = t.maePercent ?? null;
      check(mae === null || (finite(mae) && mae <= 0 && mae >= -100), `${f}.maePercent`, 'must be null or a number from -100 to 0');
      const excursion = Math.min(0, t.profitPercent, mae ?? 0);
      if (closed + excursion < low) low = closed + excursion;
      closed += t.profitPercent;
      if (-t.profitPercent > worst) worst = -t.profitPercent;
    });
    tradeLoss[i] = worst;
    return Math.max(-100, low);
  });
  return { lows, tradeLoss };
}
