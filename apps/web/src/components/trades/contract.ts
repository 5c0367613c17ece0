import { appUntyped } from '../../lib/api.js';
import type { Trade, TradeFigures, TradeStats } from './types.js';

/*
 * The journal's contracts that the server gains in issue 42 (sorting, signals, setup breakdown, R histogram,
 * screenshots, CSV export), typed here narrowly and in this one place until the lead regenerates the web's OpenAPI
 * types; then these become aliases of the generated ones. Every new field is optional, so a server without it yet
 * leaves its part of the page out instead of breaking it.
 */

export const TRADE_SORTS = ['closedAt', 'openedAt', 'symbol', 'net', 'volume'] as const;
export type TradeSort = (typeof TRADE_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** A trade with the signal it copies (one signal across a group's accounts), null when none. */
export type JournalTrade = Trade & { signalId?: string | null };

export interface RBin {
  /** null: the open end below −3 R (from) or above +5 R (to). */
  from: number | null;
  to: number | null;
  count: number;
  wins: number;
  losses: number;
}
export interface RHistogram {
  binWidth: number;
  /** Trades with a planned risk, counted in the bins. */
  counted: number;
  withoutPlannedRisk: number;
  bins: RBin[];
}
export type JournalStats = TradeStats & {
  bySetup?: (TradeFigures & { key: string })[];
  rHistogram?: RHistogram;
};

export interface Screenshot {
  id: string;
  contentType: string;
  size: number;
  caption: string | null;
  createdAt: string;
  url: string;
}

/** The server's bounds for a screenshot, checked in the browser first with the server's own words. */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
export const SCREENSHOTS_PER_TRADE = 10;

export const screenshotsApi = {
  list: (tradeId: string) => appUntyped<{ items: Screenshot[] }>('GET', `/trades/${tradeId}/screenshots`),
  upload: (tradeId: string, file: File, caption?: string) =>
    appUntyped<Screenshot>('POST', `/trades/${tradeId}/screenshots`, { body: file, query: { caption: caption || undefined } }),
  remove: (tradeId: string, id: string) => appUntyped<undefined>('DELETE', `/trades/${tradeId}/screenshots/${id}`),
};

/**
 * Where the browser fetches a screenshot: the server names it relative to the API it answered on
 * (`/trades/{id}/screenshots/{sid}`), so the dashboard's own base goes in front.
 */
export const screenshotSrc = (url: string): string => (url.startsWith('/trades/') ? `/app/api${url}` : url);

/** The CSV export's address for the list's filters and order (the server pages on past 10,000 rows by Link rel=next). */
export function exportUrl(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const qs = params.toString();
  return `/app/api/trades/export.csv${qs ? `?${qs}` : ''}`;
}
