import { app, type AppCall } from '../../lib/api.js';

/** The answer of get_portfolio_today (libs/domain/src/portfolio/portfolio.outputs.ts), from the generated types. */
export type PortfolioToday = AppCall<'get', '/me/today'>;
export type TodayRow = PortfolioToday['accounts'][number];
export type TodayFloor = TodayRow['daily'];
export type TodayStatus = TodayRow['status'];

export const todayQuery = { queryKey: ['portfolio-today'] as const, queryFn: () => app.get('/me/today'), refetchInterval: 60_000 };
