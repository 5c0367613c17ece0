import Type, { type Static } from 'typebox';
import type { Caller } from '@propfolio/core';
import type { TaxYearInput } from './analytics.inputs.js';
import { RateBook } from '../fx/rate-book.js';
import type { FxRepository } from '../fx/fx.repository.js';
import type { AnalyticsRepository } from './analytics.repository.js';
import { todayIso } from '../shared/dates.js';
import { toDecimal, toMoney, type Decimal } from '../shared/money.js';
import { Id, IsoDate, Money, Nullable } from '../shared/schemas.js';
import { convertAmount } from './conversion.js';
import { loadMoneyEntries } from './money-entries.js';
import { present } from '../shared/present.js';

const TAX_NOTE = {
  ja: 'これは記録の集計であり、税務上の助言ではありません。日本の居住者のプロップファーム報酬は一般に雑所得（総合課税）とされることが多いと説明されます。申告の要否と区分は税理士または税務署にご確認ください。',
  en: 'A summary of your records, not tax advice. For Japanese residents, prop-firm rewards are usually described as miscellaneous income (雑所得, taxed with other income). Confirm with a tax accountant or the tax office.',
};
const TAX_SOURCE = { article: 'propfirm-payout-tax-basics-ja', path: '/api/v1/articles/propfirm-payout-tax-basics-ja' };

const TaxLineSchema = Type.Object({
  date: IsoDate('Date of the money movement.'),
  type: Type.Enum(['income', 'expense'], {
    description: 'income: paid payouts and refunds; expense: purchases, monthly fees and other fees.',
  }),
  kind: Type.String({ description: 'payout, refund, purchase, monthly_fee, reset_fee, activation_fee, addon, data_fee or other.' }),
  firm: Type.String(),
  plan: Type.String(),
  challengeId: Id('Its challenge.'),
  amount: Money('Amount in its own currency.'),
  currency: Type.String({ description: 'Its own currency.' }),
  rate: Nullable(Type.Number({ description: '1 currency = rate report currency; null when missing.' })),
  rateSource: Nullable(Type.Enum(['same_currency', 'typed', 'imported'], { description: 'Where the rate came from.' })),
  converted: Nullable(Money('amount × rate, rounded to 4 decimals; null when the rate is missing (left out of the sums).')),
});

const SumsSchema = { income: Money('Income.'), expenses: Money('Expenses.'), net: Money('income − expenses.') };

export const TaxYearSchema = Type.Object({
  year: Type.Integer(),
  currency: Type.String({ description: 'Report currency.' }),
  complete: Type.Boolean({ description: 'false when some line has no rate (see missingRates): the sums leave those lines out.' }),
  missingRates: Type.Integer({ minimum: 0, description: 'Lines with no rate for their date.' }),
  totals: Type.Object(SumsSchema),
  byMonth: Type.Array(Type.Object({ month: Type.String({ description: 'YYYY-MM.' }), ...SumsSchema }), {
    description: 'The 12 months, January first.',
  }),
  lines: Type.Array(TaxLineSchema, { description: 'Every line, oldest first.' }),
  note: Type.Object({ ja: Type.String(), en: Type.String() }, { description: 'Not tax advice.' }),
  source: Type.Object(
    { article: Type.String(), path: Type.String() },
    { description: 'Article in the catalog on how Japan taxes prop-firm rewards.' },
  ),
  csv: Type.Optional(Type.String({ description: 'The same report as CSV (only with format=csv).' })),
});
export type TaxYear = Static<typeof TaxYearSchema>;
type TaxLine = Static<typeof TaxLineSchema>;

const ZERO = toDecimal(0);

/** Income and expenses of one calendar year in one currency, each line at the rate of its own date. */
export class TaxYearService {
  constructor(
    private readonly rows: AnalyticsRepository,
    private readonly rates: FxRepository,
  ) {}

  async get(caller: Caller, input: TaxYearInput, now = new Date()): Promise<TaxYear> {
    const from = `${input.year}-01-01`;
    const yearEnd = `${input.year}-12-31`;
    const today = todayIso(now);
    const to = yearEnd < today ? yearEnd : today;
    const entries = from > to ? [] : await loadMoneyEntries(this.rows, { userId: caller.userId, from, to });
    const book = await RateBook.load(this.rates, caller.userId, input.currency, from, to);
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: `${input.year}-${String(i + 1).padStart(2, '0')}`,
      income: ZERO,
      expenses: ZERO,
    }));
    let missing = 0;
    const lines: TaxLine[] = entries.map((entry) => {
      const applied = book.rateFor(entry);
      const type = entry.flow === 'spent' ? 'expense' : 'income';
      let converted: Decimal | null = null;
      if (applied) {
        converted = convertAmount(entry.amount, applied.rate);
        const month = present(months[Number(entry.date.slice(5, 7)) - 1], 'tax month');
        if (type === 'income') month.income = month.income.plus(converted);
        else month.expenses = month.expenses.plus(converted);
      } else missing += 1;
      return {
        date: entry.date,
        type,
        kind: entry.kind,
        firm: entry.firm,
        plan: entry.plan,
        challengeId: entry.challengeId,
        amount: toMoney(entry.amount),
        currency: entry.currency,
        rate: applied ? toMoney(applied.rate) : null,
        rateSource: applied?.source ?? null,
        converted: converted ? toMoney(converted) : null,
      };
    });
    const income = months.reduce((sum, m) => sum.plus(m.income), ZERO);
    const expenses = months.reduce((sum, m) => sum.plus(m.expenses), ZERO);
    const report: TaxYear = {
      year: input.year,
      currency: input.currency,
      complete: missing === 0,
      missingRates: missing,
      totals: { income: toMoney(income), expenses: toMoney(expenses), net: toMoney(income.minus(expenses)) },
      byMonth: months.map((m) => ({
        month: m.month,
        income: toMoney(m.income),
        expenses: toMoney(m.expenses),
        net: toMoney(m.income.minus(m.expenses)),
      })),
      lines,
      note: TAX_NOTE,
      source: TAX_SOURCE,
    };
    return input.format === 'csv' ? { ...report, csv: taxYearCsv(report) } : report;
  }
}

const cell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The report as CSV (UTF-8 with a BOM so spreadsheet apps read the Japanese note): one row per line,
 * then a total row per month and for the year, then the note. A missing rate leaves `rate` empty.
 */
export function taxYearCsv(report: TaxYear): string {
  const c = report.currency;
  const rows: (string | number | null)[][] = [
    ['date', 'type', 'kind', 'firm', 'plan', 'amount', 'currency', 'rate', 'rate_source', `amount_${c}`],
    ...report.lines.map((l) => [l.date, l.type, l.kind, l.firm, l.plan, l.amount, l.currency, l.rate, l.rateSource, l.converted]),
    ...report.byMonth.flatMap((m) => [
      [m.month, 'income_total', '', '', '', '', '', '', '', m.income],
      [m.month, 'expense_total', '', '', '', '', '', '', '', m.expenses],
    ]),
    [String(report.year), 'income_total', '', '', '', '', '', '', '', report.totals.income],
    [String(report.year), 'expense_total', '', '', '', '', '', '', '', report.totals.expenses],
    [String(report.year), 'net', '', '', '', '', '', '', '', report.totals.net],
    ['', 'note', report.note.ja, '', '', '', '', '', '', null],
  ];
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
