import { listen, runService } from '@propfolio/bootstrap';
import { dashboardRouter, DASHBOARD_PREFIX } from './dashboard-router.js';

/** Runs the dashboard API alone (its own process and port), e.g. against a shared PostgreSQL server. */
runService('dashboard-api', async (app, context) => {
  app.use(dashboardRouter(context));
  const server = await listen(app, context);
  context.logger.info('dashboard-api listening', { url: `http://${context.config.host}:${context.config.port}${DASHBOARD_PREFIX}` });
  return server;
});
