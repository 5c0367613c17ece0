import type { NewsRule } from './news-rule.js';
import type { CalendarRelease } from './news-windows.js';

/**
 * Test fixtures shared by the news specs. FTMO's funded Standard account: two minutes either side of a high-impact
 * release, a breach.
 */
export const FTMO_NEWS_RULE: NewsRule = {
  windowBeforeMinutes: 2,
  windowAfterMinutes: 2,
  stages: ['funded'],
  impacts: ['high'],
  instruments: { byCurrency: true, symbols: [] },
  penalty: 'breach',
};

/** A high-impact US release at an exact time. */
export const NFP_RELEASE: CalendarRelease = {
  at: '2026-12-04T13:30:00.000Z',
  currency: 'USD',
  impact: 'high',
  title: 'Non-Farm Employment Change',
  timing: 'exact',
};
