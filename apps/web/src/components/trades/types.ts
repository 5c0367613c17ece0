import type { AppAnswer } from '../../lib/types.js';
import type { Platform } from '../../lib/platforms.js';
import type { Preset } from './firm-day.js';
import type { SortOrder, TradeSort } from './contract.js';

/** The journal's wire shapes, from the generated OpenAPI types of /app/api (no hand-written copy). */
export type TradePage = AppAnswer<'/app/api/trades', 'get'>;
export type Trade = TradePage['items'][number];
export type TradeStats = AppAnswer<'/app/api/trades/stats', 'get'>;
export type TradeFigures = TradeStats['overall'];
export type TradeCurve = AppAnswer<'/app/api/trades/curve', 'get'>;
export type TradeCalendarDays = AppAnswer<'/app/api/trades/calendar', 'get'>;

/** The list filters as the URL keeps them (every one optional; '' never travels). */
export interface TradeFilter {
  /** An account, 'all' for every account, or absent: the last used account, else the first active one. */
  accountId?: string | undefined;
  /** Only the trades of the accounts on this platform. */
  platform?: Platform | undefined;
  symbol?: string | undefined;
  side?: 'buy' | 'sell' | undefined;
  outcome?: 'win' | 'loss' | 'breakeven' | undefined;
  tag?: string | undefined;
  /** Calendar days (YYYY-MM-DD) in the browser's zone; sent as the instants of their local midnights. */
  from?: string | undefined;
  to?: string | undefined;
  /** A window named by words (today, this week, this month, this phase) in the account's firm day; from/to then unused. */
  preset?: Preset | undefined;
  /** The list's order (closedAt desc when absent). */
  sort?: TradeSort | undefined;
  order?: SortOrder | undefined;
}
