import { defineOperation, type Operation } from '@propfolio/core';
import Type from 'typebox';
import { AnalyticsInput, ImportFxRatesInput, TaxYearInput } from './analytics.inputs.js';
import { AnalyticsSchema } from './analytics.outputs.js';
import { TaxYearSchema } from './tax-year.js';
import type { FxService } from '../fx/fx.service.js';
import type { AnalyticsService } from './analytics.service.js';
import type { TaxYearService } from './tax-year.js';
import { callerOf, KEY_IDEMPOTENT_WRITE, KEY_READ } from '../shared/operation-flags.js';

/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface AnalyticsOperationServices {
  analytics: AnalyticsService;
  fx: FxService;
  taxYear: TaxYearService;
}

export const analyticsOperations = (services: AnalyticsOperationServices): Operation[] => [
  defineOperation({
    name: 'get_analytics',
    title: 'Analytics',
    description:
      'Returns totals with ROI, pass-rate funnel, per-firm table, months, refunds due. Attempts: challenges bought in the period (a reset is one); funded: passed or in a funded phase.',
    ...KEY_READ,
    input: AnalyticsInput,
    output: AnalyticsSchema,
    rest: { method: 'GET', path: '/me/analytics' },
    run: async (ctx, input) => services.analytics.get(callerOf(ctx), input, ctx.now),
  }),
  defineOperation({
    name: 'get_tax_year',
    title: 'Tax-year report',
    description:
      "Returns a calendar year's income (paid payouts, refunds) and expenses in one currency, by month and line with rate and source; lines without a rate: missingRates, out of sums. Not tax advice.",
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
      "Imports the caller's exchange rates, which get_analytics and get_tax_year convert with when no rate is typed on the record. All or nothing: any bad line rejects the file with its line number. Idempotent. Returns how many rates were stored, the pairs and the dates covered.",
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
