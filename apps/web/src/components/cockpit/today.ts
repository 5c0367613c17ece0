import { app } from '../../lib/api.js';

/*
 * The answer of GET /app/api/me/today (get_portfolio_today, libs/domain/src/portfolio/portfolio.outputs.ts), typed by
 * hand because the web's generated OpenAPI types predate it: the regeneration belongs to the lead at the end of the
 * round. Once apps/web/src/generated/dashboard-api.ts carries the route, PortfolioToday is
 * AppCall<'get', '/me/today'> and fetchToday is app.get('/me/today').
 */

export type TodayStatus = 'breached' | 'rule_broken' | 'stale' | 'ok';

export interface TodayFloor {
  floor: string | null;
  left: string | null;
  leftPercent: number | null;
}

export interface TodayPosition {
  position: string;
  symbol: string;
  side: 'buy' | 'sell';
  volume: string;
  openedAt: string;
  stopLoss: string | null;
  lossAtStop: string | null;
}

export interface TodayRow {
  accountId: string;
  challengeId: string | null;
  firm: string | null;
  plan: string | null;
  phase: string | null;
  label: string;
  currency: string;
  status: TodayStatus;
  rules: string[];
  equity: string | null;
  balance: string | null;
  asOf: string | null;
  ageMinutes: number | null;
  daily: TodayFloor;
  max: TodayFloor;
  reset: { at: string | null; local: string | null; timeZone: string | null };
  day: string | null;
  closedPnl: string;
  floatingPnl: string | null;
  positions: TodayPosition[];
  noStop: number;
}

export interface PortfolioToday {
  at: string;
  staleAfterMinutes: number;
  accounts: TodayRow[];
}

const get = app.get as unknown as (path: string) => Promise<PortfolioToday>;

export const todayQuery = { queryKey: ['portfolio-today'] as const, queryFn: () => get('/me/today'), refetchInterval: 60_000 };
