import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { Layout, NotFound } from './components/Layout.js';
import { Loading } from './components/states.js';
import { AuthedOutlet, RouteError } from './components/RouteStates.js';
import { sessionQuery } from './lib/session.js';
import { queryClient } from './lib/query-client.js';
import { ResetPasswordPage, SignInPage, SignUpPage, SetupPage } from './pages/Auth.js';
import { OverviewPage } from './pages/Overview.js';
import { ChallengesPage } from './pages/Challenges.js';
import { ChallengePage } from './pages/ChallengeDetail.js';
import { PayoutsPage } from './pages/Payouts.js';
import { TrashPage } from './pages/Trash.js';
import { AlertsPage } from './pages/AlertsPage.js';
import { CatalogPage } from './pages/Catalog.js';
import { ArticlesPage, ArticlePage } from './pages/Articles.js';
import { PLATFORMS } from './lib/platforms.js';
import { PRESETS } from './components/trades/firm-day.js';
import { TRADE_SORTS } from './components/trades/contract.js';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const oneOf = <T extends string>(v: unknown, values: readonly T[]): T | undefined => values.find((value) => value === v);

const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFound });
/** Pages behind sign-in: without a session the browser goes to /sign-in and comes back afterwards. */
const authed = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  component: AuthedOutlet,
  beforeLoad: async ({ location }) => {
    // A session that cannot be read is not a missing one: AuthedOutlet shows the error and a retry.
    // A 'static' staleTime returns the cached session if there is one, else fetches it (ensureQueryData's meaning).
    const session = await queryClient.query({ ...sessionQuery, staleTime: 'static' }).catch(() => undefined);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect is thrown by design; the router catches it.
    if (session === null) throw redirect({ to: '/sign-in', search: { next: location.href }, replace: true });
  },
  pendingComponent: Loading,
});

/** Declared apart from addChildren: passed inline, TypeScript inferred them as `unknown`, which made every useSearch, Link and navigate of the app untyped (`any`). */
const signedInRoutes = [
  createRoute({ getParentRoute: () => authed, path: '/', component: OverviewPage }),
  createRoute({
    getParentRoute: () => authed,
    path: '/challenges',
    component: ChallengesPage,
    validateSearch: (s: Record<string, unknown>) => ({
      status: str(s.status),
      firm: str(s.firm),
      new: s.new === true || s.new === 'true' || s.new === '1' ? true : undefined,
    }),
  }),
  createRoute({ getParentRoute: () => authed, path: '/challenges/$id', component: ChallengePage }),
  createRoute({
    getParentRoute: () => authed,
    path: '/pnl',
    component: lazyRouteComponent(() => import('./pages/Pnl.js'), 'PnlPage'),
    pendingComponent: Loading,
  }),
  createRoute({
    getParentRoute: () => authed,
    path: '/trades',
    component: lazyRouteComponent(() => import('./pages/Trades.js'), 'TradesPage'),
    pendingComponent: Loading,
    validateSearch: (s: Record<string, unknown>) => ({
      accountId: str(s.accountId),
      platform: oneOf(s.platform, PLATFORMS),
      symbol: str(s.symbol),
      side: oneOf(s.side, ['buy', 'sell'] as const),
      outcome: oneOf(s.outcome, ['win', 'loss', 'breakeven'] as const),
      tag: str(s.tag),
      from: str(s.from),
      to: str(s.to),
      preset: oneOf(s.preset, PRESETS),
      sort: oneOf(s.sort, TRADE_SORTS),
      order: oneOf(s.order, ['asc', 'desc'] as const),
    }),
  }),
  createRoute({
    getParentRoute: () => authed,
    path: '/trades/$id',
    component: lazyRouteComponent(() => import('./pages/TradeDetail.js'), 'TradeDetailPage'),
    pendingComponent: Loading,
  }),
  createRoute({
    getParentRoute: () => authed,
    path: '/payouts',
    component: PayoutsPage,
    validateSearch: (s: Record<string, unknown>) => ({ from: str(s.from) }),
  }),
  createRoute({ getParentRoute: () => authed, path: '/trash', component: TrashPage }),
  createRoute({ getParentRoute: () => authed, path: '/alerts', component: AlertsPage }),
  createRoute({
    getParentRoute: () => authed,
    path: '/analytics',
    component: lazyRouteComponent(() => import('./pages/Analytics.js'), 'AnalyticsPage'),
    pendingComponent: Loading,
    validateSearch: (s: Record<string, unknown>) => ({ from: str(s.from), to: str(s.to), firm: str(s.firm), currency: str(s.currency) }),
  }),
  createRoute({
    getParentRoute: () => authed,
    path: '/plan-fit',
    component: lazyRouteComponent(() => import('./pages/PlanFit.js'), 'PlanFitPage'),
    pendingComponent: Loading,
  }),
  createRoute({
    getParentRoute: () => authed,
    path: '/admin',
    component: lazyRouteComponent(() => import('./pages/Admin.js'), 'AdminPage'),
    pendingComponent: Loading,
  }),
];

const routes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/sign-in',
    component: SignInPage,
    validateSearch: (s: Record<string, unknown>) => ({ next: str(s.next) }),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/sign-up',
    component: SignUpPage,
    validateSearch: (s: Record<string, unknown>) => ({ invite: str(s.invite) }),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/setup',
    component: SetupPage,
    validateSearch: (s: Record<string, unknown>) => ({ token: str(s.token) }),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/reset-password',
    component: ResetPasswordPage,
    validateSearch: (s: Record<string, unknown>) => ({ token: str(s.token) }),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/plans',
    component: CatalogPage,
    validateSearch: (s: Record<string, unknown>) => ({ firm: str(s.firm), phases: str(s.phases) }),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/articles',
    component: ArticlesPage,
    validateSearch: (s: Record<string, unknown>) => ({
      q: str(s.q),
      language: s.language === 'ja' || s.language === 'en' || s.language === 'all' ? s.language : undefined,
    }),
  }),
  createRoute({ getParentRoute: () => rootRoute, path: '/articles/$slug', component: ArticlePage }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/ea',
    component: lazyRouteComponent(() => import('./pages/EaAssistant.js'), 'EaAssistantPage'),
    pendingComponent: Loading,
  }),
  authed.addChildren(signedInRoutes),
];

export const router = createRouter({
  routeTree: rootRoute.addChildren(routes),
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
