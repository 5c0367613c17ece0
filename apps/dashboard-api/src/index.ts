export { dashboardRouter, DASHBOARD_PREFIX, type DashboardOptions } from './dashboard-router.js';
export type { SignInLimiters } from './http/sign-in-throttle.js';
