import { defineOperation, type Operation } from '@propfolio/core';
import Type from 'typebox';
import { AnalyticsInput, ImportFxRatesInput, TaxYearInput } from './analytics.inputs.js';
import { AnalyticsSchema } from './analytics.outputs.js';
import { TaxYearSchema } from './tax-year.js';
import { type DomainServices } from '../services.js';
import { callerOf, KEY_IDEMPOTENT_WRITE, KEY_READ } from '../shared/operation-flags.js';

/** The definitions agents need to read the answer; the README has the same list. */
const ANALYTICS_DEFINITIONS =
  'Definitions: spent = purchases (each billed month of a monthly plan on its billing day) + fees (reset_fee, activation_fee, addon, data_fee, other); refunded = refunds; withdrawn = paid payouts (net amount; requested and denied ones never count); net = withdrawn + refunded − spent; roi = net ÷ spent (4 decimals, null when nothing was spent). Money counts by its own date within from..to (to defaults to today). ' +
  'Funnel over the attempts (challenges) purchased in the period, a reset being a new attempt: evaluation phases are the distinct phase names of each attempt\'s history, in order; an attempt is funded once passed or once its phase is named like "Funded"/"Live"/"Master"; passed phase k = moved to a later phase or got funded; passRate = passed ÷ reached; funded.rate = funded ÷ attempts; firstPayout.rate = funded attempts with a paid payout ÷ funded; breached.rate = failed ÷ attempts. ' +
  'Per firm: passRate = funded ÷ attempts; medianDaysToPass from purchase to funding; daysSinceLastPayout to the end of the period; avgDaysBetweenPayouts = (last − first) ÷ (paid payouts − 1). Monthly: calendar months, zero-filled, summing to the totals. refundsDue: one-time fees of attempts linked to a catalog plan (planId) whose fee-refund rule (first_payout, third_payout, after_passing) is met, minus refunds recorded. ' +
  'With currency (a base currency such as JPY) every amount is converted at the rate of its own date: a rate typed on the record into that currency wins, else the rate imported for that exact date and pair; each converted amount is rounded to 4 decimals; amounts without a rate are listed in conversions.missing and left out, never guessed. Without currency nothing is converted and every money figure is per currency.';

export const analyticsOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'get_analytics',
    title: 'Analytics: money, pass-rate funnel, firms, months',
    description: `The caller's prop-firm economics over a period (from, to, firm filters): totals spent/refunded/withdrawn/net/ROI, the pass-rate funnel, a per-firm table, a monthly series and refunds still due. ${ANALYTICS_DEFINITIONS}`,
    ...KEY_READ,
    input: AnalyticsInput,
    output: AnalyticsSchema,
    rest: { method: 'GET', path: '/me/analytics' },
    run: async (ctx, input) => services.analytics.get(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'get_tax_year',
    title: 'Tax-year report in one currency',
    description:
      "Income (paid payouts, refunds) and expenses (purchases, billed monthly fees, every other fee) of one calendar year, by month and line, converted into `currency` (e.g. JPY) at the rate of each line's own date (a rate typed on the record wins, else the imported rate for that exact date; the rate and its source are on every line; a line without a rate keeps converted null, is counted in missingRates and left out of the sums: never guessed). Each line is rounded to 4 decimals; month and year sums add the rounded lines. format=csv adds the same report as CSV text (over REST, a text/csv download). Not tax advice: for Japanese residents prop-firm rewards are usually miscellaneous income (雑所得); see the article in `source`.",
    ...KEY_READ,
    input: TaxYearInput,
    output: TaxYearSchema,
    rest: { method: 'GET', path: '/me/tax-year/:year' },
    run: async (ctx, input) => services.taxYear.get(callerOf(ctx), input, ctx.now),
    restFile: (report) =>
      report.csv === undefined
        ? null
        : { contentType: 'text/csv; charset=utf-8', filename: `propfolio-tax-${report.year}-${report.currency}.csv`, body: report.csv },
  }),
  defineOperation({
    name: 'import_fx_rates',
    title: 'Import exchange rates',
    description:
      "Imports the caller's exchange rates from CSV text (header date,base,quote,rate; 1 base = rate quote on that date). All or nothing: any bad line rejects the file with its line number; a rate already stored for that day and pair is replaced. Used by get_analytics and get_tax_year for conversions.",
    ...KEY_IDEMPOTENT_WRITE,
    input: ImportFxRatesInput,
    output: Type.Object({
      imported: Type.Integer({ description: 'Rates stored (new or replaced).' }),
      pairs: Type.Array(Type.String(), { description: 'Pairs in the file, e.g. USD/JPY.' }),
      from: Type.String({ format: 'date', description: 'Earliest date in the file.' }),
      to: Type.String({ format: 'date', description: 'Latest date in the file.' }),
    }),
    rest: { method: 'POST', path: '/me/fx-rates' },
    mcp: false,
    run: async (ctx, input) => services.fx.importCsv(callerOf(ctx), input.csv),
  }),
];
