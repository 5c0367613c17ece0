import { app } from './api.js';

export interface AnalyticsFilters {
  from?: string;
  to?: string;
  firm?: string;
  currency?: string;
}

/** GET /app/api/me/analytics: the same operation as REST /api/v1/me/analytics and the MCP tool get_analytics. */
export const analyticsQuery = (filters: AnalyticsFilters) => ({
  queryKey: ['analytics', filters.from ?? '', filters.to ?? '', filters.firm ?? '', filters.currency ?? ''],
  queryFn: () => app.get('/me/analytics', { ...filters }),
});

/** The tax-year report; format=csv adds the server's CSV text (the download is that text, byte for byte). */
export const taxYearQuery = (year: number, currency: string) => ({
  queryKey: ['tax-year', year, currency],
  queryFn: () => app.get(`/me/tax-year/${year}`, { currency, format: 'csv' }),
});

export const importFxRates = (csv: string) => app.post('/me/fx-rates', { csv });
