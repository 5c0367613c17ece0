import { AppError, daysBetween, type Caller } from '@propfolio/core';
import type { AnalyticsInput } from './analytics.inputs.js';
import { RateBook } from '../fx/rate-book.js';
import type { FxRepository } from '../fx/fx.repository.js';
import type { AnalyticsRepository } from './analytics.repository.js';
import { todayIso } from '../shared/dates.js';
import type { Analytics } from './analytics.outputs.js';
import { convertEntries } from './conversion.js';
import { attemptFacts, daysToPass, funnel, median, ratio } from './funnel.js';
import { loadMoneyEntries, type EntryFilter, type MoneyEntry } from './money-entries.js';
import { FlowTotals, monthlyRows } from './money-rows.js';
import { refundsDue } from './refunds-due.js';

/** The caller's money and pass-rate analytics over a period; every definition is in the README. */
export class AnalyticsService {
  constructor(
    private readonly rows: AnalyticsRepository,
    private readonly rates: FxRepository,
  ) {}

  async get(caller: Caller, input: AnalyticsInput, now = new Date()): Promise<Analytics> {
    const today = todayIso(now);
    const to = input.to === undefined || input.to > today ? today : input.to;
    if (input.from !== undefined && input.from > to) throw AppError.invalidField('from', `must not be after to (${to})`);
    const filter: EntryFilter = {
      userId: caller.userId,
      to,
      ...(input.from ? { from: input.from } : {}),
      ...(input.firm ? { firm: input.firm } : {}),
    };
    const [raw, attempts] = await Promise.all([loadMoneyEntries(this.rows, filter), this.rows.attempts(filter)]);

    let entries: MoneyEntry[] = raw;
    let conversions: Analytics['conversions'] = null;
    if (input.currency) {
      const book = await RateBook.load(this.rates, caller.userId, input.currency, input.from, to);
      const converted = convertEntries(raw, book);
      entries = converted.converted;
      conversions = {
        base: input.currency,
        rates: converted.rates.map((r) => ({ ...r, source: r.source as 'typed' | 'imported' })),
        missing: converted.missing,
      };
    }

    const firmNames = new Map<string, string>();
    for (const a of [...attempts].sort((x, y) => (x.purchasedAt < y.purchasedAt ? -1 : 1)))
      firmNames.set(a.firm.toLowerCase(), firmNames.get(a.firm.toLowerCase()) ?? a.firm);
    for (const e of entries) if (!firmNames.has(e.firm.toLowerCase())) firmNames.set(e.firm.toLowerCase(), e.firm);
    const firms = [...firmNames.entries()].map(([key, firm]) => {
      const own = attempts.filter((a) => a.firm.toLowerCase() === key);
      const money = entries.filter((e) => e.firm.toLowerCase() === key);
      const payouts = money
        .filter((e) => e.flow === 'withdrawn')
        .map((e) => e.date)
        .sort();
      const first = payouts[0];
      const last = payouts[payouts.length - 1];
      const facts = own.map(attemptFacts);
      const funded = facts.filter((f) => f.funded).length;
      return {
        firm,
        attempts: own.length,
        funded,
        breached: facts.filter((f) => f.breached).length,
        passRate: ratio(funded, own.length),
        medianDaysToPass: median(daysToPass(own)),
        daysSinceLastPayout: last ? daysBetween(last, to) : null,
        avgDaysBetweenPayouts:
          first && last && payouts.length > 1 ? Math.round((daysBetween(first, last) / (payouts.length - 1)) * 100) / 100 : null,
        money: FlowTotals.of(money).rows(),
      };
    });
    firms.sort((a, b) => b.attempts - a.attempts || a.firm.localeCompare(b.firm));

    return {
      period: { from: input.from ?? null, to },
      firm: input.firm ?? null,
      totals: FlowTotals.of(entries).rows(),
      funnel: funnel(attempts),
      firms,
      monthly: monthlyRows(entries),
      refundsDue: await refundsDue(this.rows, caller.userId, attempts),
      conversions,
    };
  }
}
