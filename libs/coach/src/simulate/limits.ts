/** Input limits of the simulation: they bound its cost, so the service layer can accept any input within them. */
export const MAX_PATHS = 100_000;
export const DEFAULT_PATHS = 10_000;
export const MAX_SCALES = 10;
export const MAX_SCALE = 5;
export const MAX_SERIES_DAYS = 5000;
/** Longest horizon (simulated days) one path may run. */
export const MAX_HORIZON_DAYS = 5000;
/** Simulated days when the challenge has no time limit: about three months of business days. */
export const DEFAULT_HORIZON_DAYS = 60;
/** Mean block length of the stationary bootstrap, in days: about a trading week. */
export const DEFAULT_BLOCK_DAYS = 5;
export const DEFAULT_SEED = 20_260_101;
/**
 * Fewest days of history the simulation trusts: a shorter series is flagged `lowData`, and a challenge's own history
 * shorter than this many traded days (traded-days.ts: a deposit or a weekend report is not one) is refused.
 */
export const MIN_HISTORY_DAYS = 20;
