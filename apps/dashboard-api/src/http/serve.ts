import type { RequestHandler, Router } from 'express';
import type { DashboardRoute } from '../api-routes.js';

/** Registers `handlers` at the method and path of a documented route (api-routes.ts), so each served route has its entry. */
export function serve(router: Router, route: DashboardRoute, ...handlers: RequestHandler[]): void {
  router[route.method](route.path, ...handlers);
}
